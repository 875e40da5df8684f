//===--- RuleCatalog.cpp - what each check says about itself --------------===//

#include "reports/sarif/RuleCatalog.h"
#include "CheckDocs.inc"
#include "RuleMetadata.inc"
#include "llvm/ADT/SmallVector.h"
#include <nlohmann/json.hpp>

namespace locklint {
namespace {

/// The paragraphs of prose after a page's title; code blocks and headings end
/// the search.
std::vector<std::string> leadingParagraphs(llvm::StringRef Page) {
  std::vector<std::string> Paragraphs;
  std::string Current;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Page.split(Lines, '\n');
  for (llvm::StringRef Line : llvm::ArrayRef(Lines).drop_front()) {
    Line = Line.trim();
    if (Line.starts_with("```") || Line.starts_with("#"))
      break;
    if (Line.empty()) {
      if (!Current.empty())
        Paragraphs.push_back(std::move(Current));
      Current.clear();
      continue;
    }
    Current += (Current.empty() ? "" : " ") + Line.str();
  }
  if (!Current.empty())
    Paragraphs.push_back(std::move(Current));
  return Paragraphs;
}

llvm::StringRef docsPage(llvm::StringRef Check) {
  for (const EmbeddedFile &Page : CheckDocs)
    if (llvm::StringRef(Page.Name) == (Check + ".md").str())
      return Page.Text;
  return "";
}

} // namespace

std::vector<sarif::RuleInfo> rulesFor(llvm::ArrayRef<std::string> Checks,
                                      llvm::StringRef Homepage) {
  nlohmann::json Metadata = nlohmann::json::parse(RuleMetadata[0].Text);
  std::vector<sarif::RuleInfo> Rules;
  for (const std::string &Check : Checks) {
    sarif::RuleInfo Rule;
    Rule.Id = Check;
    llvm::StringRef Page = docsPage(Check);
    std::vector<std::string> Paragraphs = leadingParagraphs(Page);
    Rule.ShortDescription = Paragraphs.empty() ? Check : Paragraphs[0];
    Rule.FullDescription =
        Paragraphs.size() > 1 ? Paragraphs[0] + " " + Paragraphs[1] : Rule.ShortDescription;
    Rule.HelpMarkdown = Page.empty() ? Rule.ShortDescription : Page.str();
    Rule.HelpUri = (Homepage + "/blob/main/docs/checks/" + Check + ".md").str();
    if (auto It = Metadata.find(Check); It != Metadata.end()) {
      Rule.Level = It->value("level", Rule.Level);
      Rule.Severity = It->value("severity", Rule.Severity);
      Rule.Precision = It->value("precision", Rule.Precision);
      Rule.Tags = It->value("tags", std::vector<std::string>());
    }
    Rules.push_back(std::move(Rule));
  }
  return Rules;
}

} // namespace locklint
