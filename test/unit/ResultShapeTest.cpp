#include "model/scopes/LocalLockModel.h"
#include "model/sql/ResultShape.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

TEST(ResultShapeTest, StatusAndRowCountsAreShapeTheCellIsNot) {
  EXPECT_TRUE(readsResultShape("PQresultStatus"));
  EXPECT_TRUE(readsResultShape("::PQntuples"));
  EXPECT_TRUE(readsResultShape("mysql_num_rows"));
  EXPECT_FALSE(readsResultShape("PQgetvalue"));
  EXPECT_FALSE(readsResultShape("mysql_fetch_row"));
}

TEST(ResultShapeTest, DiscardersAreTheClientModels) {
  EXPECT_TRUE(discardsResult("PQclear"));
  EXPECT_TRUE(discardsResult("mysql_free_result"));
  EXPECT_FALSE(discardsResult("PQresultStatus"));
}

TEST(ResultShapeTest, TheClientModelReadsTheList) {
  SqlClientModel Model;
  ASSERT_FALSE(llvm::errorToBool(Model.addJson(
      R"({"functions": [], "result_shape_readers": ["::db_row_count"]})", "clients.json")));
  EXPECT_TRUE(Model.ResultShapeReaders.contains("db_row_count"));
  SqlClientModel Wrong;
  llvm::Error Err = Wrong.addJson(R"({"functions": [], "result_shape_readers": [3]})", "clients.json");
  ASSERT_TRUE(bool(Err));
  EXPECT_NE(llvm::toString(std::move(Err)).find("result_shape_readers"), std::string::npos);
}

} // namespace
