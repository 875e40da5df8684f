#include "model/sql/SqlModel.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

SqlStatement one(const char *Sql) {
  auto Statements = parseSql(Sql);
  EXPECT_TRUE(Statements.has_value()) << Sql;
  EXPECT_EQ(Statements ? Statements->size() : 0u, 1u) << Sql;
  return Statements && !Statements->empty() ? Statements->front() : SqlStatement();
}

using Tables = std::vector<std::string>;

TEST(SqlModelTest, SelectsReadTheirTables) {
  SqlStatement S = one("SELECT balance FROM Accounts a JOIN public.users u ON u.id = a.uid "
                       "WHERE a.id = $1");
  EXPECT_EQ(S.StatementKind, SqlStatement::Select);
  EXPECT_EQ(S.TablesRead, (Tables{"accounts", "users"}));
  EXPECT_TRUE(S.TablesWritten.empty());
  EXPECT_FALSE(S.LocksRows);
}

TEST(SqlModelTest, AdvisoryCallsKeepTheirKeys) {
  auto Calls = [](const char *Sql) {
    std::vector<std::string> Out;
    for (const SqlStatement::AdvisoryCall &Call : one(Sql).AdvisoryCalls)
      Out.push_back(Call.Function + "(" + Call.Key + ")" + (Call.constantKey() ? "" : " varies"));
    return Out;
  };
  EXPECT_EQ(Calls("SELECT pg_try_advisory_lock(42)"), Tables{"pg_try_advisory_lock(42)"});
  EXPECT_EQ(Calls("SELECT pg_advisory_lock(0)"), Tables{"pg_advisory_lock(0)"});
  EXPECT_EQ(Calls("SELECT pg_advisory_xact_lock(1, 2)"), Tables{"pg_advisory_xact_lock(1, 2)"});
  EXPECT_EQ(Calls("SELECT pg_catalog.pg_advisory_lock(hashtext('Jobs'))"),
            Tables{"pg_advisory_lock(hashtext('Jobs'))"});
  EXPECT_EQ(Calls("SELECT pg_advisory_unlock($1)"), Tables{"pg_advisory_unlock($1) varies"});
  EXPECT_EQ(Calls("SELECT pg_advisory_lock(id) FROM jobs"), Tables{"pg_advisory_lock(?) varies"});
  SqlStatement::AdvisoryCall Take = one("SELECT pg_try_advisory_lock(1)").AdvisoryCalls[0];
  SqlStatement::AdvisoryCall Drop = one("SELECT pg_advisory_unlock(1)").AdvisoryCalls[0];
  EXPECT_TRUE(Take.takes());
  EXPECT_FALSE(Take.waits());
  EXPECT_TRUE(Take.canFail());
  EXPECT_TRUE(one("SELECT pg_advisory_xact_lock(1)").AdvisoryCalls[0].waits());
  EXPECT_FALSE(one("SELECT pg_advisory_xact_lock(1)").AdvisoryCalls[0].canFail());
  EXPECT_FALSE(Take.releases());
  EXPECT_TRUE(Drop.releases());
  EXPECT_FALSE(Drop.takes());
  EXPECT_EQ(Take.identity(), Drop.identity());
}

TEST(SqlModelTest, NamedLocksOfMySql) {
  SqlStatement::AdvisoryCall Forever = one("SELECT GET_LOCK('jobs', -1)").AdvisoryCalls[0];
  EXPECT_EQ(Forever.Function, "get_lock");
  EXPECT_EQ(Forever.Key, "'jobs'");
  // The parse tree drops negative integers; they come back from the text.
  EXPECT_EQ(Forever.Timeout, "-1");
  EXPECT_EQ(Forever.TimeoutOffset, 24);
  EXPECT_TRUE(Forever.waits());
  EXPECT_TRUE(Forever.canFail());
  SqlStatement::AdvisoryCall Bounded = one("SELECT get_lock('jobs', 10)").AdvisoryCalls[0];
  EXPECT_FALSE(Bounded.waits());
  EXPECT_TRUE(Bounded.canFail());
  EXPECT_FALSE(one("SELECT GET_LOCK('jobs', $1)").AdvisoryCalls[0].waits());
  SqlStatement::AdvisoryCall Release = one("SELECT RELEASE_LOCK('jobs')").AdvisoryCalls[0];
  EXPECT_TRUE(Release.releases());
  EXPECT_EQ(Release.identity(), Forever.identity());
  // A name and an advisory number are never the same lock.
  EXPECT_NE(one("SELECT pg_advisory_lock(1)").AdvisoryCalls[0].identity(),
            one("SELECT GET_LOCK(1, 5)").AdvisoryCalls[0].identity());
  EXPECT_EQ(one("SELECT id FROM t WHERE balance >= -5").WhereConjuncts,
            Tables{"balance >= -5"});
}

TEST(SqlModelTest, RowLocks) {
  EXPECT_TRUE(one("SELECT * FROM jobs WHERE id = 1 FOR UPDATE").LocksRows);
  EXPECT_TRUE(one("SELECT * FROM jobs FOR SHARE").LocksRows);
  SqlStatement Skip = one("SELECT * FROM jobs FOR UPDATE SKIP LOCKED");
  EXPECT_TRUE(Skip.LocksRows);
  EXPECT_TRUE(Skip.NoWait);
  EXPECT_TRUE(one("SELECT * FROM jobs FOR UPDATE NOWAIT").NoWait);
}

TEST(SqlModelTest, WritesNameTheirTarget) {
  SqlStatement Update = one("UPDATE accounts SET balance = balance + 1 WHERE id = 3");
  EXPECT_EQ(Update.StatementKind, SqlStatement::Update);
  EXPECT_EQ(Update.TablesWritten, Tables{"accounts"});
  EXPECT_TRUE(Update.TablesRead.empty()); // One atomic step, not a read.
  SqlStatement Insert = one("INSERT INTO audit (who) SELECT name FROM users WHERE id = 1");
  EXPECT_EQ(Insert.StatementKind, SqlStatement::Insert);
  EXPECT_EQ(Insert.TablesWritten, Tables{"audit"});
  EXPECT_EQ(Insert.TablesRead, Tables{"users"});
  SqlStatement Delete = one("DELETE FROM sessions WHERE expires < now()");
  EXPECT_EQ(Delete.StatementKind, SqlStatement::Delete);
  EXPECT_EQ(Delete.TablesWritten, Tables{"sessions"});
  EXPECT_EQ(Delete.FunctionsCalled, Tables{"now"});
}

TEST(SqlModelTest, WhereConjuncts) {
  EXPECT_EQ(one("UPDATE resource SET value = $3, last_fence = $2 "
                "WHERE id = $1 AND last_fence < $2 AND (a = 1 OR b = 2)")
                .WhereConjuncts,
            (Tables{"id = $1", "last_fence < $2", "?"}));
  EXPECT_EQ(one("SELECT * FROM t WHERE t.Owner = 'me'").WhereConjuncts, Tables{"t.owner = me"});
  EXPECT_TRUE(one("DELETE FROM t").WhereConjuncts.empty());
}

TEST(SqlModelTest, UpsertsThatUpdate) {
  SqlStatement Upsert = one("INSERT INTO t (id, v, fence) VALUES ($1, $2, $3) ON CONFLICT (id) "
                            "DO UPDATE SET v = EXCLUDED.v WHERE t.fence < EXCLUDED.fence");
  EXPECT_TRUE(Upsert.UpdatesOnConflict);
  EXPECT_EQ(Upsert.WhereConjuncts, Tables{"t.fence < excluded.fence"});
  EXPECT_FALSE(one("INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING").UpdatesOnConflict);
  EXPECT_FALSE(one("INSERT INTO t VALUES (1)").UpdatesOnConflict);
}

TEST(SqlModelTest, FunctionsAndSettings) {
  EXPECT_EQ(one("SELECT pg_catalog.pg_advisory_lock(42)").FunctionsCalled,
            Tables{"pg_advisory_lock"});
  SqlStatement Set = one("SET LOCAL lock_timeout = '5s'");
  EXPECT_EQ(Set.StatementKind, SqlStatement::Set);
  EXPECT_EQ(Set.Setting, "lock_timeout");
  EXPECT_EQ(Set.SettingValue, "5s");
  EXPECT_TRUE(Set.SetLocal);
  SqlStatement Timeout = one("set statement_timeout to 0");
  EXPECT_EQ(Timeout.Setting, "statement_timeout");
  EXPECT_EQ(Timeout.SettingValue, "0");
  EXPECT_FALSE(Timeout.SetLocal);
}

TEST(SqlModelTest, LockTable) {
  SqlStatement Lock = one("LOCK TABLE inventory IN ACCESS EXCLUSIVE MODE");
  EXPECT_EQ(Lock.StatementKind, SqlStatement::LockTable);
  EXPECT_EQ(Lock.TablesWritten, Tables{"inventory"});
  EXPECT_FALSE(Lock.NoWait);
  EXPECT_TRUE(one("LOCK TABLE inventory NOWAIT").NoWait);
}

TEST(SqlModelTest, SeveralStatementsAndTransactions) {
  auto Statements = parseSql("BEGIN; SELECT 1 FROM t; COMMIT");
  ASSERT_TRUE(Statements);
  ASSERT_EQ(Statements->size(), 3u);
  EXPECT_EQ((*Statements)[0].StatementKind, SqlStatement::Transaction);
  EXPECT_EQ((*Statements)[1].StatementKind, SqlStatement::Select);
}

TEST(SqlModelTest, TextThePostgresParserRejectsIsUnknown) {
  EXPECT_FALSE(parseSql("SELEC x FROM t"));
  EXPECT_FALSE(parseSql("UPDATE SET x = 1"));
  EXPECT_FALSE(parseSql("SELECT * FROM t WHERE ("));
  EXPECT_TRUE(parseSql("")); // No statement at all.
  EXPECT_TRUE(parseSql("")->empty());
}

TEST(SqlModelTest, EachDistinctTextIsParsedOnce) {
  const auto &First = parsedSql("SELECT 1 FROM t");
  const auto &Second = parsedSql("SELECT 1 FROM t");
  EXPECT_EQ(&First, &Second);
  ASSERT_TRUE(First);
  EXPECT_TRUE(First->front().reads("t"));
  EXPECT_FALSE(parsedSql("nonsense here"));
  EXPECT_NE(&parsedSql("SELECT 2 FROM t"), &First);
}

} // namespace
