#include "inputs/CompileFlags.h"
#include "gtest/gtest.h"
#include "llvm/ADT/StringRef.h"

using namespace locklint;

namespace {

/// The kept options, after the four locklint puts first: its own clang, the
/// driver mode, no configuration file and its resource directory.
std::vector<std::string> kept(std::vector<std::string> CommandLine) {
  std::vector<std::string> Kept = keepSemanticFlags(CommandLine).CommandLine;
  if (Kept.size() < 4)
    return {"<no fixed prefix>"};
  Kept.erase(Kept.begin(), Kept.begin() + 4);
  return Kept;
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
            (V{"-I", "include", "-isystem", "/opt/sdk", "-D", "NAME=1", "-U", "OLD",
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
            (V{"job.cpp"}));
  EXPECT_EQ(dropped({"clang++", "-B/tmp/tools", "-Xclang", "-stats-file=s", "-c", "-O2", "-g",
                     "-MD", "job.cpp"}),
            (V{"-B", "-Xclang"}));
}

TEST(CompileFlagsTest, InputsAfterDoubleDashStay) {
  using V = std::vector<std::string>;
  EXPECT_EQ(kept({"clang++", "-std=c++17", "--", "locks.h"}),
            (V{"-std=c++17", "--", "locks.h"}));
}

TEST(CompileFlagsTest, TheProgramAndItsConfigurationAreLocklints) {
  // A compiler in the repository would bring its folder's programs and its
  // clang++.cfg; a repository's resource directory its own ignore lists.
  std::vector<std::string> Line = keepSemanticFlags({"/repo/tools/clang++", "-resource-dir=/repo/rd",
                                                     "--config=/repo/x.cfg", "job.cpp"})
                                      .CommandLine;
  ASSERT_EQ(Line.size(), 5u);
  EXPECT_NE(Line[0], "/repo/tools/clang++");
  EXPECT_EQ(Line[1], "--driver-mode=g++");
  EXPECT_EQ(Line[2], "--no-default-config");
  EXPECT_TRUE(llvm::StringRef(Line[3]).starts_with("-resource-dir="));
  EXPECT_NE(Line[3], "-resource-dir=/repo/rd");
  EXPECT_EQ(Line[4], "job.cpp");
  // Judging a kept command again gives the same command.
  EXPECT_EQ(keepSemanticFlags(Line).CommandLine, Line);
}

TEST(CompileFlagsTest, TheModeIsReadAsTheDriverReadsIt) {
  EXPECT_EQ(driverModeOf({"clang-cl-19"}), DriverMode::Cl);
  EXPECT_EQ(driverModeOf({"/opt/x/clang-cl-tot"}), DriverMode::Cl);
  EXPECT_EQ(driverModeOf({"x86_64-pc-windows-msvc-clang-cl-19"}), DriverMode::Cl);
  EXPECT_EQ(driverModeOf({"cl.exe"}), DriverMode::Cl);
  EXPECT_EQ(driverModeOf({"aarch64-linux-gnu-g++-12"}), DriverMode::Cxx);
  EXPECT_EQ(driverModeOf({"c++"}), DriverMode::Cxx);
  EXPECT_EQ(driverModeOf({"gcc"}), DriverMode::Gcc);
  EXPECT_EQ(driverModeOf({"clang++", "--driver-mode=cl"}), DriverMode::Cl);
  EXPECT_EQ(driverModeOf({"clang-cl", "--driver-mode=gcc"}), DriverMode::Gcc);
}

TEST(CompileFlagsTest, ClModeIsJudgedByClRules) {
  using V = std::vector<std::string>;
  // In CL mode /clang: hands an option to clang; read as GNU options it
  // would pass as a file name.
  EXPECT_EQ(kept({"clang-cl-19", "/DNAME=1", "/Iinclude", "/clang:-Wp,-MD,victim", "job.cpp"}),
            (V{"-D", "NAME=1", "-I", "include", "job.cpp"}));
}

TEST(CompileFlagsTest, NoProbingOfThisMachine) {
  using V = std::vector<std::string>;
  EXPECT_EQ(kept({"clang++", "--target=amdgcn-amd-amdhsa", "-mcpu=native", "-march=native",
                  "-mtune=native", "-m64", "job.cpp"}),
            (V{"--target=amdgcn-amd-amdhsa", "-m64", "job.cpp"}));
}

} // namespace
