#include "CompileFlags.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

std::vector<std::string> kept(std::vector<std::string> CommandLine) {
  return keepSemanticFlags(CommandLine).CommandLine;
}

std::vector<std::string> dropped(std::vector<std::string> CommandLine) {
  return keepSemanticFlags(CommandLine).Dropped;
}

TEST(CompileFlagsTest, KeepsWhatDecidesMeaning) {
  using V = std::vector<std::string>;
  EXPECT_EQ(kept({"clang++", "-Iinclude", "-isystem", "/opt/sdk", "-DNAME=1", "-UOLD",
                  "-std=c++17", "-Wall", "-Wno-unused", "-fno-exceptions", "-m64",
                  "--target=x86_64-linux-gnu", "-include", "config.h", "job.cpp"}),
            // Each option as clang spells it: -I and -D with separate values.
            (V{"clang++", "-I", "include", "-isystem", "/opt/sdk", "-D", "NAME=1", "-U", "OLD",
               "-std=c++17",
               "-Wall", "-Wno-unused", "-fno-exceptions", "-m64", "--target=x86_64-linux-gnu",
               "-include", "config.h", "job.cpp"}));
}

TEST(CompileFlagsTest, DropsWhatRunsLoadsOrWrites) {
  using V = std::vector<std::string>;
  EXPECT_EQ(kept({"clang++", "-B/tmp/tools", "--offload-arch=native", "-Xclang", "-load",
                  "-Xclang", "evil.so", "-fplugin=evil.so", "-Wp,-MD,out.d", "-MD", "-MF",
                  "out.d", "-fmodules", "-fmodules-cache-path=/tmp/cache", "-mllvm", "-stats",
                  "--serialize-diagnostics", "d.dia", "-Werror", "-o", "job.o", "-c", "job.cpp"}),
            (V{"clang++", "job.cpp"}));
  EXPECT_EQ(dropped({"clang++", "-B/tmp/tools", "-Xclang", "-stats-file=s", "-c", "-O2", "-g",
                     "-MD", "job.cpp"}),
            (V{"-B", "-Xclang"}));
}

TEST(CompileFlagsTest, InputsAfterDoubleDashStay) {
  using V = std::vector<std::string>;
  EXPECT_EQ(kept({"clang++", "-std=c++17", "--", "locks.h"}),
            (V{"clang++", "-std=c++17", "--", "locks.h"}));
}

} // namespace
