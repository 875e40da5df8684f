//===--- Configuration.cpp - the checks' configuration, judged ------------===//

#include "inputs/Configuration.h"
#include "clang-tidy/ClangTidy.h"
#include "inputs/CheckSelection.h"
#include "inputs/DistlockOptionsProvider.h"
#include "model/project/ModelFiles.h"
#include "model/redis/ClientModel.h"
#include "model/redis/LockWords.h"
#include "model/scopes/LocalLockModel.h"
#include "model/sql/SqlModel.h"
#include "reports/DumpReport.h"
#include "results/OutputFiles.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace clang::tidy;
using namespace llvm;

namespace locklint {
namespace {

/// Every option key locklint's checks read, as `distlock-<check>.<Option>`.
const std::vector<std::string> &knownOptions() {
  static const std::vector<std::string> Keys = [] {
    ClangTidyOptions All;
    All.Checks = "-*,distlock-*";
    std::vector<std::string> Found;
    for (const auto &Entry : getCheckOptions(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false))
      Found.push_back(Entry.getKey().str());
    return Found;
  }();
  return Keys;
}

} // namespace

Expected<std::unique_ptr<ClangTidyOptionsProvider>>
makeOptionsProvider(const RunOptions &Options, const IntrusiveRefCntPtr<vfs::FileSystem> &FS,
                    const ProjectModels &Project) {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,distlock-*";
  ClangTidyOptions Overrides;
  if (Options.Checks)
    Overrides.Checks = *Options.Checks;
  // Workers of a --dump run also run the dump check, whatever is configured.
  if (!Options.Dump.empty() && Options.Worker) {
    Overrides.Checks = (Overrides.Checks ? *Overrides.Checks + "," : std::string()) + DumpCheckName;
    Overrides.CheckOptions.insert_or_assign(std::string(DumpCheckName) + ".What",
                                            ClangTidyOptions::ClangTidyValue(Options.Dump));
    Overrides.CheckOptions.insert_or_assign(std::string(DumpCheckName) + ".Function",
                                            ClangTidyOptions::ClangTidyValue(Options.DumpFunction));
  }
  const std::string &Config = Options.Config, &ConfigFile = Options.ConfigFile;
  if (!Config.empty() && !ConfigFile.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--config and --config-file cannot be used together");
  if (Config.empty() && ConfigFile.empty())
    return std::make_unique<DistlockOptionsProvider>(
        std::make_unique<FileOptionsProvider>(Global, Defaults, Overrides, FS), Project);

  std::unique_ptr<MemoryBuffer> Text;
  std::string Source = "--config";
  if (!ConfigFile.empty()) {
    auto File = locklint::model::readRegularFile(ConfigFile, /*MaxBytes=*/1u << 20);
    if (!File)
      return createStringError(inconvertibleErrorCode(), "cannot read config file '%s': %s",
                               ConfigFile.c_str(), toString(File.takeError()).c_str());
    Text = std::move(*File);
    Source = "config file '" + ConfigFile + "'";
  } else {
    Text = MemoryBuffer::getMemBuffer(Config, "--config");
  }
  // Keep the parser's first complaint, with its position, for a one-line error.
  std::string Problem;
  auto Parsed = parseConfigurationWithDiags(*Text, [&](const SMDiagnostic &Diag) {
    if (Problem.empty())
      Problem = formatv("{0}:{1}: {2}", Diag.getLineNo(), Diag.getColumnNo() + 1, Diag.getMessage())
                    .str();
  });
  if (!Parsed)
    return createStringError(Parsed.getError(), "invalid %s: %s", Source.c_str(),
                             Problem.empty() ? Parsed.getError().message().c_str()
                                             : Problem.c_str());
  return std::make_unique<DistlockOptionsProvider>(
      std::make_unique<ConfigOptionsProvider>(Global, Defaults, std::move(*Parsed), Overrides, FS),
      Project);
}

std::vector<std::string> knownChecks(const RunOptions &Options) {
  ClangTidyOptions All;
  All.Checks = "*";
  std::vector<std::string> Names = getCheckNames(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  // The dump is not a check users select: only a --dump run has it.
  if (Options.Dump.empty())
    llvm::erase(Names, std::string(DumpCheckName));
  return Names;
}

Error validateCheckOptions(const ClangTidyOptions &Options) {
  std::vector<std::string> Given;
  for (const auto &Entry : Options.CheckOptions)
    Given.push_back(Entry.getKey().str());
  if (auto Err = validateOptionNames(Given, knownOptions()))
    return Err;
  for (const auto &Entry : Options.CheckOptions) {
    StringRef Key = Entry.getKey();
    StringRef Value = Entry.getValue().Value;
    if (Key.ends_with("RedisModelFiles")) {
      if (auto Model = locklint::model::loadClientModel(Value); !Model)
        return Model.takeError();
    } else if (Key.ends_with("LockApiModelFiles")) {
      locklint::model::LockApiModel Apis;
      if (auto Err = locklint::model::addLockApiFiles(Apis, Value))
        return Err;
    } else if (Key.ends_with("SqlClientModelFiles")) {
      locklint::model::SqlClientModel Sql;
      if (auto Err = locklint::model::addSqlClientFiles(Sql, Value))
        return Err;
    } else if (Key.ends_with("LocalLockModelFiles")) {
      locklint::model::LocalLockModel Locks;
      if (auto Err = locklint::model::addLocalLockFiles(Locks, Value))
        return Err;
    } else if (Key.ends_with(".DefaultTtlMs")) {
      unsigned Milliseconds;
      if (Value.getAsInteger(10, Milliseconds) || Milliseconds == 0)
        return createStringError(inconvertibleErrorCode(),
                                 "invalid %s '%s': expected a positive number of milliseconds",
                                 Key.str().c_str(), Value.str().c_str());
    } else if (Key.ends_with(".SuggestedLockTimeout")) {
      if (!locklint::model::isPlainDuration(Value))
        return createStringError(inconvertibleErrorCode(), "invalid %s '%s': %s", Key.str().c_str(),
                                 Value.str().c_str(),
                                 static_cast<const char *>(locklint::model::PlainDurationHint));
    } else if (Key.ends_with("LockKeyPattern")) {
      std::string Error;
      if (!locklint::model::WordMatcher(Value).isValid(Error))
        return createStringError(inconvertibleErrorCode(), "invalid %s '%s': %s", Key.str().c_str(),
                                 Value.str().c_str(), Error.c_str());
    }
  }
  return Error::success();
}

Error checkConfiguration(const RunOptions &Options, ArrayRef<std::string> Sources,
                         ClangTidyOptionsProvider &Provider, vfs::FileSystem &FS) {
  if (Options.Config.empty() && Options.ConfigFile.empty())
    if (auto Err = validateConfigFiles(Sources, FS))
      return Err;
  StringSet<> Folders;
  for (const std::string &Source : Sources) {
    if (!Folders.insert(sys::path::parent_path(absolutePath(Source))).second)
      continue;
    ClangTidyOptions Given = Provider.getOptions(absolutePath(Source));
    if (Given.Checks && !Options.Checks)
      if (auto Err = validateCheckGlobs(*Given.Checks, knownChecks(Options)))
        return Err;
    if (auto Err = validateCheckOptions(Given))
      return Err;
  }
  return Error::success();
}

} // namespace locklint
