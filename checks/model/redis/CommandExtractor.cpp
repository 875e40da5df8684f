//===--- CommandExtractor.cpp - from a client call to a Redis command -----===//

#include "model/redis/CommandExtractor.h"
#include "model/ast/Parents.h"
#include "model/values/ExprText.h"
#include "model/values/FormatString.h"
#include "model/values/ObjectFields.h"
#include "model/redis/LuaScript.h"
#include "model/redis/LuaTakeAnswer.h"
#include "model/values/StmtWalk.h"
#include "model/values/StringValue.h"
#include "model/values/VectorWords.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace locklint::model {
namespace {

bool isDefaulted(const Expr *Arg) { return isa<CXXDefaultArgExpr>(Arg); }

/// Builds a command from the model entry that fits the callee.
class Builder {
public:
  Builder(const FunctionSpec &Spec, const CallExpr *Call, const ASTContext &Context,
          StringValueTracker &Strings, const StringValue *FormatText, const ClientModel &Model,
          ObjectCalls &History, const std::vector<std::string> *Words = nullptr)
      : Spec(Spec), Call(Call), Callee(Call->getDirectCallee()), Context(Context),
        Strings(Strings), FormatText(FormatText), Model(Model), History(History),
        Words(Words ? *Words : Spec.Words), Args(callArguments(Call)) {}

  /// For the construction of an object whose constructor takes a lock (an
  /// RAII guard): the command it issues, with its arguments. The command
  /// then has no call.
  Builder(const FunctionSpec &Spec, const CXXConstructExpr *Built, const ASTContext &Context,
          StringValueTracker &Strings, const ClientModel &Model, ObjectCalls &History,
          const std::vector<std::string> *Words = nullptr)
      : Spec(Spec), Call(nullptr), Callee(Built->getConstructor()), Context(Context),
        Strings(Strings), FormatText(nullptr), Model(Model), History(History),
        Words(Words ? *Words : Spec.Words), Args(Built->getArgs(), Built->getNumArgs()) {}

  std::optional<RedisCommand> build() {
    Command.Call = Call;
    Command.Spec = &Spec;
    if (Spec.AnswerCallback && Spec.AnswerCallback->Arg < Args.size())
      Command.Callback = Args[Spec.AnswerCallback->Arg];
    bool Built = false;
    switch (Spec.Form) {
    case CallForm::Format:
      Built = buildFormat();
      break;
    case CallForm::Argv:
      Built = Spec.ArgvArg < Args.size() && buildWords(argvElements(Args[Spec.ArgvArg]));
      break;
    case CallForm::Variadic:
      Built = Spec.FirstArg < Args.size() &&
              buildWords(std::vector<const Expr *>(Args.begin() + Spec.FirstArg, Args.end()));
      break;
    case CallForm::WordList:
      Built = Spec.FirstArg < Args.size() && buildWords(listElements(Args[Spec.FirstArg]));
      break;
    case CallForm::Stream:
      Built = buildStream();
      break;
    case CallForm::Fixed:
      Built = buildFixed();
      break;
    case CallForm::Template:
      Built = buildTemplate();
      break;
    case CallForm::Fields:
    case CallForm::ZooKeeper:
      break; // A constructor, or a ZooKeeper call, issues no Redis command.
    }
    if (!Built || Command.Name.empty())
      return std::nullopt;
    readScript(Command);
    return std::move(Command);
  }

private:
  static CommandWord literalWord(llvm::StringRef Text) {
    CommandWord Word;
    Word.Pieces.push_back({Text.str(), nullptr, 0});
    return Word;
  }

  CommandWord word(const Expr *E) {
    CommandWord Word;
    appendValue(Word, E, 0);
    return Word;
  }

  /// Appends the value of \p E, consumed by \p Conversion (0 for a plain
  /// argument), to \p Word: a string assembled in the function becomes its
  /// pieces, so `"lock:" + name` is the text "lock:" and the expression `name`.
  void appendValue(CommandWord &Word, const Expr *E, char Conversion,
                   const Expr *Length = nullptr) {
    if (!E) {
      Word.Pieces.push_back({std::nullopt, E, Conversion});
      return;
    }
    if (Conversion == 'b') {
      Word.Pieces.push_back({binaryText(E, Length), E, Conversion});
      return;
    }
    if (Conversion && Conversion != 's') {
      Word.Pieces.push_back({constantText(E, Context), E, Conversion});
      return;
    }
    // A lock object's accessor (`lock.key()`) reads the object's member.
    if (const FieldDecl *Field = accessedField(E)) {
      const Expr *Object = calledObject(cast<CallExpr>(stripStringWrappers(E)));
      if (Object && !isa<CXXThisExpr>(Object)) {
        appendMember(Word, Field, Object, 0);
        return;
      }
    }
    // A member of a local object read directly (`DEL %s`, `lock.key`):
    // what the calls made on the object before stored there.
    if (const auto *Read = dyn_cast<MemberExpr>(stripStringWrappers(E)->IgnoreParenImpCasts())) {
      const auto *Field = dyn_cast<FieldDecl>(Read->getMemberDecl());
      const auto *Base = dyn_cast<DeclRefExpr>(Read->getBase()->IgnoreParenImpCasts());
      const auto *Local = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
      if (Field && Local && Local->hasLocalStorage() && !isa<ParmVarDecl>(Local) &&
          !Read->isArrow()) {
        CommandWord Stored;
        appendMember(Stored, Field, Base, 0);
        if (llvm::any_of(Stored.Pieces,
                         [](const CommandWord::Piece &P) { return P.Text.has_value(); })) {
          Word.Pieces.insert(Word.Pieces.end(), Stored.Pieces.begin(), Stored.Pieces.end());
          return;
        }
      }
    }
    std::optional<StringValue> Value = Strings.valueOf(E);
    // One run-time value: keep the argument as written (`token.c_str()`), which
    // is what a fix-it must pass on.
    if (!Value || (Value->Pieces.size() == 1 && !Value->Pieces.front().Text)) {
      Word.Pieces.push_back({std::nullopt, E, Conversion});
    } else if (auto Text = Value->text()) {
      // Keep the expression: its name tells what the key is for.
      Word.Pieces.push_back({*Text, E, Conversion});
    } else {
      for (const StringPiece &Piece : Value->Pieces)
        Word.Pieces.push_back({Piece.Text, Piece.Source, Conversion});
    }
  }

  /// What `%b` sends: the first \p Length bytes at \p Pointer, when both
  /// are known; `strlen(p)` of the pointer itself is its whole text.
  std::optional<std::string> binaryText(const Expr *Pointer, const Expr *Length) {
    std::optional<StringValue> Value = Strings.valueOf(Pointer);
    std::optional<std::string> Text = Value ? Value->text() : std::nullopt;
    if (!Text || !Length)
      return std::nullopt;
    const Expr *Size = stripStringWrappers(Length);
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Size))
      Size = stripStringWrappers(Cast->getSubExpr());
    if (const auto *Strlen = dyn_cast<CallExpr>(Size)) {
      const FunctionDecl *Measure = Strlen->getDirectCallee();
      if (Measure && Measure->getName() == "strlen" && Strlen->getNumArgs() == 1) {
        std::optional<StringValue> Measured = Strings.valueOf(Strlen->getArg(0));
        return Measured && Measured->text() == Text ? Text : std::nullopt;
      }
    }
    std::optional<std::string> Count = constantText(Size, Context);
    size_t Bytes = 0;
    if (!Count || llvm::StringRef(*Count).getAsInteger(10, Bytes) || Bytes > Text->size())
      return std::nullopt;
    return Text->substr(0, Bytes);
  }

  /// The format as text in which each run-time piece stands as a marker
  /// "\x01<n>\x02", so that it can be split into words like literal text.
  /// The literal text's own \x01 and \x02 become "\x01a\x02" and
  /// "\x01b\x02": no byte a source holds can pass for a marker.
  static std::string withMarkers(const StringValue &Format) {
    std::string Text;
    for (size_t I = 0; I < Format.Pieces.size(); ++I) {
      if (!Format.Pieces[I].Text) {
        Text += "\x01" + std::to_string(I) + "\x02";
        continue;
      }
      for (char C : *Format.Pieces[I].Text)
        Text += C == '\x01' ? std::string("\x01" "a" "\x02")
                : C == '\x02' ? std::string("\x01" "b" "\x02")
                               : std::string(1, C);
    }
    return Text;
  }

  /// Splits literal format text back into text and the run-time pieces its
  /// markers stand for.
  static void appendMarked(CommandWord &Word, llvm::StringRef Text, const StringValue &Format) {
    auto AppendText = [&](llvm::StringRef Literal) {
      if (Literal.empty())
        return;
      if (!Word.Pieces.empty() && Word.Pieces.back().Text)
        *Word.Pieces.back().Text += Literal.str();
      else
        Word.Pieces.push_back({Literal.str(), nullptr, 0});
    };
    while (!Text.empty()) {
      size_t Start = Text.find('\x01');
      AppendText(Text.substr(0, Start));
      if (Start == llvm::StringRef::npos)
        return;
      size_t End = Text.find('\x02', Start);
      if (End == llvm::StringRef::npos)
        return; // Not a marker of ours: withMarkers writes none such.
      llvm::StringRef Inside = Text.slice(Start + 1, End);
      unsigned Index = 0;
      if (Inside == "a" || Inside == "b")
        AppendText(Inside == "a" ? "\x01" : "\x02");
      else if (!Inside.getAsInteger(10, Index) && Index < Format.Pieces.size())
        Word.Pieces.push_back({std::nullopt, Format.Pieces[Index].Source, 0});
      else
        return;
      Text = Text.substr(End + 1);
    }
  }

  bool buildFormat() {
    if (Spec.FormatArg >= Args.size())
      return false;
    const Expr *FormatExpr = Args[Spec.FormatArg];
    std::optional<StringValue> Format =
        FormatText ? std::optional<StringValue>(*FormatText) : Strings.valueOf(FormatExpr);
    if (!Format)
      return false;
    std::optional<FormatCommand> Tokens = tokenizeFormat(withMarkers(*Format));
    if (!Tokens || Tokens->Tokens.empty())
      return false;
    const auto *Literal = dyn_cast<StringLiteral>(FormatExpr->IgnoreParenImpCasts());
    if (Literal && Literal->getBeginLoc().isFileID())
      Command.FormatLiteral = Literal;

    // A va_list form (redisvCommand) binds no conversion to an expression.
    bool Variadic = Callee && Callee->isVariadic();
    size_t FirstVararg = Spec.FormatArg + 1;
    if (Variadic && FirstVararg + Tokens->ArgsConsumed > Args.size())
      return false;

    std::vector<CommandWord> Words;
    Words.reserve(Tokens->Tokens.size());
    for (const FormatToken &Token : Tokens->Tokens) {
      CommandWord Word;
      Word.Pieces.reserve(Token.Pieces.size());
      for (const FormatPiece &Piece : Token.Pieces) {
        if (!Piece.Conversion) {
          appendMarked(Word, Piece.Text, *Format);
          continue;
        }
        const Expr *Arg = Variadic ? Args[FirstVararg + Piece.ArgIndex] : nullptr;
        const Expr *Length = Variadic && Piece.Conversion == 'b'
                                 ? Args[FirstVararg + Piece.ArgIndex + 1]
                                 : nullptr;
        appendValue(Word, Arg, Piece.Conversion, Length);
      }
      Words.push_back(std::move(Word));
    }
    return setWords(std::move(Words));
  }

  /// The elements of a local array initialized with a braced list, or of a
  /// local std::vector whose data() is handed over.
  std::optional<std::vector<const Expr *>> argvElements(const Expr *E) const {
    // Walking up to a vector's uses builds the parent map, which the
    // context keeps as a cache.
    if (std::optional<std::vector<const Expr *>> Words =
            vectorElements(E, const_cast<ASTContext &>(Context)))
      return Words;
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->getInit())
      return std::nullopt;
    return listElements(Var->getInit());
  }

  bool buildWords(const std::optional<std::vector<const Expr *>> &Elements) {
    if (!Elements)
      return false;
    std::vector<CommandWord> Words;
    Words.reserve(Elements->size());
    for (const Expr *E : *Elements)
      Words.push_back(word(E));
    return setWords(std::move(Words));
  }

  /// The first word names the command; it must be known.
  bool setWords(std::vector<CommandWord> Words) {
    if (Words.empty())
      return false;
    std::optional<std::string> Name = Words.front().text();
    if (!Name)
      return false;
    Command.Name = llvm::StringRef(*Name).upper();
    Command.Args.assign(std::make_move_iterator(Words.begin() + 1),
                        std::make_move_iterator(Words.end()));
    return true;
  }

  /// `Command("SET") << key << value` or `array << "SET" << key << value`:
  /// collects the chain from its root.
  bool buildStream() {
    std::vector<const Expr *> Streamed;
    const Expr *Current = Call;
    if (!Current)
      return false;
    while (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Current->IgnoreParenImpCasts())) {
      if (Op->getOperator() != OO_LessLess || Op->getNumArgs() != 2)
        return false;
      Streamed.push_back(Op->getArg(1));
      Current = Op->getArg(0);
    }
    std::reverse(Streamed.begin(), Streamed.end());
    std::vector<const Expr *> Elements;
    if (const Expr *Name = streamRootName(Current))
      Elements.push_back(Name);
    Elements.insert(Elements.end(), Streamed.begin(), Streamed.end());
    return buildWords(Elements);
  }

  /// The command name given to the Command constructor at the chain's root.
  const Expr *streamRootName(const Expr *Root) const {
    Root = Root->IgnoreParenImpCasts();
    if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(Root))
      Root = Temp->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Root))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        Root = Var->getInit() ? Var->getInit()->IgnoreParenImpCasts() : nullptr;
    if (const auto *Cleanups = dyn_cast_or_null<ExprWithCleanups>(Root))
      Root = Cleanups->getSubExpr()->IgnoreParenImpCasts();
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Root);
    if (!Construct || Construct->getNumArgs() != 1 ||
        Construct->getConstructor()->isCopyOrMoveConstructor())
      return nullptr;
    return Construct->getArg(0);
  }

  /// Each word of the spec, with `$N` replaced by the value of argument N,
  /// `$.name` by the member `name` of the object the call is made on, `$?`
  /// an unknown value and `$$` standing for `$`.
  bool buildTemplate() {
    std::vector<CommandWord> Built;
    for (llvm::StringRef Template : Words) {
      CommandWord Word;
      appendTemplate(Word, Template, Args, Call ? calledObject(Call) : nullptr, 0);
      Built.push_back(std::move(Word));
    }
    return setWords(std::move(Built));
  }

  /// Appends the template word \p Template to \p Word, with \p Values for
  /// `$N` and the members of \p Object for `$.name`.
  void appendTemplate(CommandWord &Word, llvm::StringRef Template,
                      llvm::ArrayRef<const Expr *> Values, const Expr *Object, unsigned Depth) {
    std::string Text;
    auto FlushText = [&] {
      if (!Text.empty())
        Word.Pieces.push_back({Text, nullptr, 0});
      Text.clear();
    };
    for (size_t I = 0; I < Template.size(); ++I) {
      if (Template[I] != '$' || I + 1 == Template.size()) {
        Text += Template[I];
        continue;
      }
      if (Template[I + 1] == '$') {
        Text += '$';
        ++I;
        continue;
      }
      // `$?`: a value the wrapper makes itself, unknown here; it stays
      // unknown, never text.
      if (Template[I + 1] == '?') {
        FlushText();
        Word.Pieces.push_back({std::nullopt, nullptr, 0});
        ++I;
        continue;
      }
      if (Template[I + 1] == '.') {
        size_t End = I + 2;
        while (End < Template.size() &&
               (llvm::isAlnum(Template[End]) || Template[End] == '_'))
          ++End;
        FlushText();
        appendMember(Word, Template.slice(I + 2, End), Object, Depth);
        I = End - 1;
        continue;
      }
      size_t End = I + 1;
      while (End < Template.size() && llvm::isDigit(Template[End]))
        ++End;
      unsigned Index = 0;
      if (Template.slice(I + 1, End).getAsInteger(10, Index)) {
        Text += '$';
        continue;
      }
      FlushText();
      // The wrapper formats the value into its command, as `%s` would.
      if (Index < Values.size())
        appendValue(Word, Values[Index], 's');
      else
        Word.Pieces.push_back({std::nullopt, nullptr, 0});
      I = End - 1;
    }
    FlushText();
  }

  /// Appends the value of member \p Name of \p Object: what the latest
  /// function that stored it before the call stored there (a setter called
  /// on the object, `lock.init(ctx, key)`, else the constructor that built
  /// it), with that call's arguments, read from its body when the unit has
  /// it or from its summary. An object whose member is out of sight stands
  /// for the member as itself, so that one lock object's calls name one key.
  void appendMember(CommandWord &Word, llvm::StringRef Name, const Expr *Object, unsigned Depth) {
    const FieldDecl *Field = fieldOfCallee(Callee, Name);
    if (!Field)
      if (const ParmVarDecl *Handle = opaqueHandleParameter(Callee);
          Handle && Handle->getFunctionScopeIndex() < Args.size()) {
        // The handle's type is out of sight here: the member by its name.
        const Expr *Handed = Object ? Object : handedObject(Args[Handle->getFunctionScopeIndex()]);
        Word.Pieces.push_back({std::nullopt, Handed, 's', nullptr, Name.str()});
        return;
      }
    // A method reached through an interface, whose implementation keeps the
    // member out of sight here: the member by its name, of this object.
    if (!Field && Object && !isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) &&
        isa_and_nonnull<CXXMethodDecl>(Callee)) {
      Word.Pieces.push_back({std::nullopt, Object, 's', nullptr, Name.str()});
      return;
    }
    if (!Object && Call)
      Object = objectArgument(Call, Field);
    appendMember(Word, Field, Object, Depth);
  }

  void appendMember(CommandWord &Word, const FieldDecl *Field, const Expr *Object,
                    unsigned Depth) {
    if (!Object || !Field || Depth > 4) {
      Word.Pieces.push_back({std::nullopt, nullptr, 0});
      return;
    }
    // A method calling another of its own object's (`tryLock()` calling
    // `acquire()`): the member is this object's, known at its own calls.
    if (isOwnObject(Object, Field)) {
      Word.Pieces.push_back({std::nullopt, Object, 's', Field});
      return;
    }
    std::optional<bool> Stored;
    if (Call)
      for (const CallExpr *Earlier : History.before(Object, Call, Context.getSourceManager()))
        if ((Stored = appendStored(Word, Earlier->getDirectCallee(), Field,
                                   callArguments(Earlier), Object, Depth)))
          break;
    if (!Stored)
      if (std::optional<ObjectConstruction> Built = constructionOf(Object))
        if (const CXXConstructorDecl *Constructor = constructorOf(*Built))
          Stored = appendStored(Word, Constructor, Field, Built->Args, Object, Depth);
    if (!Stored || !*Stored)
      Word.Pieces.push_back({std::nullopt, Object, 's', Field});
  }

public:
  /// The value of \p Field of \p Object, by default the object the call
  /// is made on.
  CommandWord member(const FieldDecl *Field, const Expr *Object) {
    CommandWord Word;
    appendMember(Word, Field, Object ? Object : objectArgument(Call, Field), 0);
    return Word;
  }

private:
  /// The constructor a construction calls; for a factory, the one with as
  /// many parameters as it is handed.
  static const CXXConstructorDecl *constructorOf(const ObjectConstruction &Built) {
    if (Built.Constructor || !Built.Record)
      return Built.Constructor;
    for (const CXXConstructorDecl *Candidate : Built.Record->ctors())
      if (!Candidate->isCopyOrMoveConstructor() && Candidate->getNumParams() == Built.Args.size())
        return Candidate;
    return nullptr;
  }

  /// Appends what \p Setter, called with \p Values, stores in \p Field.
  /// std::nullopt when it stores nothing there (a constructor always
  /// does); false when what it stores is its own or unknown.
  std::optional<bool> appendStored(CommandWord &Word, const FunctionDecl *Setter,
                                   const FieldDecl *Field, llvm::ArrayRef<const Expr *> Values,
                                   const Expr *Object, unsigned Depth) {
    if (!Setter)
      return std::nullopt;
    bool IsConstructor = isa<CXXConstructorDecl>(Setter);
    if (const FunctionDecl *Definition = Setter->getDefinition()) {
      const Expr *Init = fieldInitializer(Definition, Field);
      if (!Init)
        return IsConstructor ? std::optional<bool>(false) : std::nullopt;
      std::optional<StringValue> Value = Strings.storedValue(Init);
      if (!Value)
        return false;
      CommandWord Member;
      for (const StringPiece &Piece : Value->Pieces) {
        const ParmVarDecl *Param = parameterOf(Piece.Source, Definition);
        if (Param && Param->getFunctionScopeIndex() < Values.size())
          appendValue(Member, Values[Param->getFunctionScopeIndex()], 's');
        else if (Piece.Text)
          Member.Pieces.push_back({Piece.Text, Piece.Source, 0});
        else
          return false; // Something the function makes itself.
      }
      Word.Pieces.insert(Word.Pieces.end(), Member.Pieces.begin(), Member.Pieces.end());
      return true;
    }
    const std::string *Stored = Model.fieldWord(Setter->getQualifiedNameAsString(),
                                                Setter->getNumParams(), Field->getName());
    if (!Stored)
      return IsConstructor ? std::optional<bool>(false) : std::nullopt;
    CommandWord Member;
    appendTemplate(Member, *Stored, Values, Object, Depth + 1);
    if (llvm::any_of(Member.Pieces, [](const CommandWord::Piece &P) { return !P.Text && !P.Source; }))
      return false;
    Word.Pieces.insert(Word.Pieces.end(), Member.Pieces.begin(), Member.Pieces.end());
    return true;
  }

  bool buildFixed() {
    Command.Name = Spec.Command;
    for (size_t I = 0; I < Spec.Params.size() && I < Args.size(); ++I) {
      const ParamSpec &Param = Spec.Params[I];
      const Expr *Arg = Args[I];
      switch (Param.ParamRole) {
      case ParamSpec::Word:
        if (isDefaulted(Arg) && Param.Default)
          Command.Args.push_back(literalWord(*Param.Default));
        else if (isChronoDuration(Arg->getType()) && isZeroDuration(Arg))
          Command.Args.push_back(literalWord("0")); // A timeout of 0s.
        else
          Command.Args.push_back(word(Arg));
        break;
      case ParamSpec::WordList:
        if (auto Elements = listElements(Arg)) {
          for (const Expr *E : *Elements)
            Command.Args.push_back(word(E));
        } else if (Arg->getType()->isRecordType() && !isStringLike(Arg)) {
          return false; // A container variable: its keys are unknown.
        } else {
          Command.Args.push_back(word(Arg));
        }
        break;
      case ParamSpec::KeyList: {
        auto Elements = listElements(Arg);
        if (!Elements)
          return false;
        CommandWord Count;
        Count.Pieces.push_back({std::to_string(Elements->size()), nullptr, 0});
        Command.Args.push_back(std::move(Count));
        for (const Expr *E : *Elements)
          Command.Args.push_back(word(E));
        break;
      }
      case ParamSpec::Ttl:
        if (!isDefaulted(Arg) && !isZeroDuration(Arg))
          addOption(Param.Option, Arg);
        break;
      case ParamSpec::Flag:
        applyFlag(Param, Arg);
        break;
      case ParamSpec::Enum:
        applyEnum(Param, Arg);
        break;
      case ParamSpec::Skip:
        break;
      }
    }
    for (const std::string &Word : Spec.TrailingWords)
      Command.Args.push_back(literalWord(Word));
    for (const std::string &Option : Spec.OpenOptions)
      Command.UnknownOptions.insert(Option);
    return true;
  }

  /// `0`, `std::chrono::milliseconds(0)` or `0ms`: no expiry at all; also
  /// a local initialized so and never changed (`auto ttl = 0ms; set(k, v,
  /// ttl, ...)`).
  bool isZeroDuration(const Expr *E) const {
    E = stripStringWrappers(E);
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreImplicit()))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
          Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) && Var->getInit() &&
          !isChangedAfterInit(Var))
        return isZeroDuration(Var->getInit());
    if (const auto *Literal = dyn_cast<UserDefinedLiteral>(E)) {
      // std::chrono's literals are templates with no cooked value: read the
      // digits as spelled.
      if (Literal->getLiteralOperatorKind() != UserDefinedLiteral::LOK_Integer) {
        std::string Spelling = sourceText(Literal, Context);
        llvm::StringRef Digits = llvm::StringRef(Spelling).take_while(llvm::isDigit);
        return !Digits.empty() && Digits.find_first_not_of('0') == llvm::StringRef::npos;
      }
      E = Literal->getCookedLiteral();
    }
    return constantText(E, Context) == "0";
  }

  /// True when \p Var may change after its initializer: it is assigned,
  /// or its address or a non-const reference to it is taken.
  bool isChangedAfterInit(const VarDecl *Var) const {
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
    if (!Function || !Function->getBody())
      return true;
    return anyStmtOf(Function, [&](const Stmt *S) {
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      if (!Ref || Ref->getDecl() != Var)
        return false;
      // The parent map is built on first use, hence not const.
      DynTypedNodeList Parents = parentsOf(*Ref, const_cast<ASTContext &>(Context));
      if (Parents.empty())
        return true;
      if (const auto *Op = Parents[0].get<CXXOperatorCallExpr>())
        return Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus ||
               Op->getOperator() == OO_MinusMinus;
      if (const auto *Binary = Parents[0].get<BinaryOperator>())
        return Binary->isAssignmentOp() && Binary->getLHS()->IgnoreParenImpCasts() == Ref;
      if (const auto *Unary = Parents[0].get<UnaryOperator>())
        return Unary->getOpcode() == UO_AddrOf || Unary->isIncrementDecrementOp();
      // Read through a conversion or passed by value or const reference.
      if (Parents[0].get<ImplicitCastExpr>())
        return false;
      return !Ref->getType().isConstQualified() && Parents[0].get<CallExpr>() &&
             !isReadOnlyArgument(Ref, *Parents[0].get<CallExpr>());
    });
  }

  /// True when \p Ref is passed to \p Call by value or by const reference.
  static bool isReadOnlyArgument(const DeclRefExpr *Ref, const CallExpr &Call) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    if (!Callee)
      return false;
    for (unsigned I = 0; I < Call.getNumArgs() && I < Callee->getNumParams(); ++I)
      if (Call.getArg(I)->IgnoreParenImpCasts() == Ref) {
        QualType Type = Callee->getParamDecl(I)->getType();
        return !Type->isReferenceType() || Type->getPointeeType().isConstQualified();
      }
    return false;
  }

  static bool isStringLike(const Expr *E) {
    std::string Type = E->getType().getCanonicalType().getAsString();
    return llvm::StringRef(Type).contains("basic_string") ||
           llvm::StringRef(Type).contains("StringView");
  }

  void addOption(const std::string &Option, const Expr *Value) {
    CommandWord Word;
    Word.Pieces.push_back({Option, nullptr, 0});
    Command.Args.push_back(std::move(Word));
    if (Value)
      Command.Args.push_back(word(Value));
  }

  void applyFlag(const ParamSpec &Param, const Expr *Arg) {
    std::optional<bool> Value;
    if (isDefaulted(Arg)) {
      Value = Param.Default ? std::optional<bool>(*Param.Default == "true") : false;
    } else {
      bool Result;
      if (!Arg->isValueDependent() && Arg->EvaluateAsBooleanCondition(Result, Context))
        Value = Result;
    }
    if (!Value) {
      Command.UnknownOptions.insert(Param.Option);
      return;
    }
    if (*Value != Param.When)
      return;
    const Expr *OptionValue = nullptr;
    if (Param.ValueParam && *Param.ValueParam < Args.size())
      OptionValue = Args[*Param.ValueParam];
    addOption(Param.Option, OptionValue);
  }

  void applyEnum(const ParamSpec &Param, const Expr *Arg) {
    if (isDefaulted(Arg))
      return;
    const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
    const auto *Enumerator = Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    if (!Enumerator) {
      for (const auto &[Name, Option] : Param.Values)
        Command.UnknownOptions.insert(Option);
      return;
    }
    auto It = Param.Values.find(Enumerator->getNameAsString());
    if (It != Param.Values.end())
      addOption(It->second, nullptr);
  }

  const FunctionSpec &Spec;
  /// The call, or null for a construction.
  const CallExpr *Call;
  const FunctionDecl *Callee;
  const ASTContext &Context;
  StringValueTracker &Strings;
  /// The format's value when the caller knows it better than the call does.
  const StringValue *FormatText;
  const ClientModel &Model;
  ObjectCalls &History;
  /// For Template: the words of the command to build.
  const std::vector<std::string> &Words;
  llvm::ArrayRef<const Expr *> Args;
  RedisCommand Command;
};

/// True when \p Spec's overload constraints accept \p Callee.
bool fitsOverload(const FunctionSpec &Spec, const FunctionDecl *Callee, const ASTContext &Context) {
  if (Spec.ParamCount && Callee->getNumParams() != *Spec.ParamCount)
    return false;
  return llvm::all_of(Spec.ParamTypes, [&](const auto &Entry) {
    const auto &[Index, TypeText] = Entry;
    if (Index >= Callee->getNumParams())
      return false;
    std::string Type =
        Callee->getParamDecl(Index)->getType().getAsString(Context.getPrintingPolicy());
    return llvm::StringRef(Type).contains(TypeText);
  });
}

} // namespace

const FunctionSpec *CommandExtractor::specFor(const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return nullptr;
  // Template instantiations carry the name of their pattern.
  if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
    Callee = Pattern;
  for (const FunctionSpec &Spec : Model.lookup(Callee->getQualifiedNameAsString()))
    if (Spec.Form != CallForm::Fields && Spec.Form != CallForm::ZooKeeper &&
        fitsOverload(Spec, Callee, Context))
      return &Spec;
  return nullptr;
}

std::optional<RedisCommand> CommandExtractor::extract(const CallExpr *Call,
                                                      const StringValue *FormatText) const {
  const FunctionSpec *Spec = specFor(Call);
  if (!Spec)
    return std::nullopt;
  return Builder(*Spec, Call, Context, Strings, FormatText, Model, ObjectHistory).build();
}

std::optional<FunctionSpec>
CommandExtractor::formatWrapperSpec(const CallExpr *Call, const FunctionDecl *Function) const {
  const FunctionSpec *Spec = specFor(Call);
  const FunctionDecl *Callee = Call->getDirectCallee();
  llvm::ArrayRef<const Expr *> Args = callArguments(Call);
  if (!Spec || Spec->Form != CallForm::Format || !Function || Spec->FormatArg >= Args.size())
    return std::nullopt;
  FunctionSpec Wrapper;
  Wrapper.Client = Spec->Client;
  Wrapper.Form = CallForm::Format;
  Wrapper.Names.push_back(Function->getQualifiedNameAsString());
  // `get(c, fmt, id)` calling `redisCommand(c, fmt, id)`: the format and
  // its values are the wrapper's last parameters, passed on in order.
  if (const ParmVarDecl *Format = parameterOf(Args[Spec->FormatArg], Function);
      Format && Callee->isVariadic() && !Function->isVariadic() &&
      Function->getNumParams() - Format->getFunctionScopeIndex() == Args.size() - Spec->FormatArg) {
    bool InOrder = true;
    for (size_t I = Spec->FormatArg + 1; I < Args.size() && InOrder; ++I) {
      const ParmVarDecl *Value = parameterOf(Args[I], Function);
      InOrder = Value && Value->getFunctionScopeIndex() ==
                             Format->getFunctionScopeIndex() + (I - Spec->FormatArg);
    }
    if (InOrder && Args.size() > Spec->FormatArg + 1) {
      Wrapper.FormatArg = Format->getFunctionScopeIndex();
      return Wrapper;
    }
  }
  if (!Function->isVariadic() || Callee->isVariadic() || Spec->FormatArg + 1 >= Args.size())
    return std::nullopt;
  // The format is the wrapper's last named parameter, and what follows it
  // is the va_list of the wrapper's own arguments.
  const ParmVarDecl *Format = parameterOf(Args[Spec->FormatArg], Function);
  const Expr *List = Args[Spec->FormatArg + 1]->IgnoreParenImpCasts();
  if (!Format || Format->getFunctionScopeIndex() + 1 != Function->getNumParams() ||
      !isa<DeclRefExpr>(List))
    return std::nullopt;
  Wrapper.FormatArg = Format->getFunctionScopeIndex();
  return Wrapper;
}

std::vector<RedisCommand> CommandExtractor::extractThen(const RedisCommand &First) const {
  std::vector<RedisCommand> Then;
  if (!First.Spec || First.Spec->Form != CallForm::Template)
    return Then;
  unsigned Step = 0;
  for (const std::vector<std::string> &Words : First.Spec->ThenWords) {
    ++Step;
    if (std::optional<RedisCommand> Next =
            Builder(*First.Spec, First.Call, Context, Strings, nullptr, Model, ObjectHistory, &Words).build()) {
      Next->SpecStep = Step;
      Then.push_back(std::move(*Next));
    }
  }
  return Then;
}

CommandWord CommandExtractor::objectMember(const CallExpr *Call, const FieldDecl *Field,
                                           const Expr *Object) const {
  static const FunctionSpec NoSpec;
  return Builder(NoSpec, Call, Context, Strings, nullptr, Model, ObjectHistory)
      .member(Field, Object ? handedObject(Object) : nullptr);
}

std::optional<std::pair<unsigned, unsigned>>
CommandExtractor::vaListForward(const CallExpr *Call, const FunctionDecl *Function) const {
  const FunctionSpec *Spec = specFor(Call);
  llvm::ArrayRef<const Expr *> Args = callArguments(Call);
  if (!Spec || Spec->Form != CallForm::Format || !Function || Function->isVariadic() ||
      Call->getDirectCallee()->isVariadic() || Spec->FormatArg + 1 >= Args.size())
    return std::nullopt;
  const ParmVarDecl *Format = parameterOf(Args[Spec->FormatArg], Function);
  const auto *List = dyn_cast<DeclRefExpr>(Args[Spec->FormatArg + 1]->IgnoreParenImpCasts());
  const auto *ListParam = List ? dyn_cast<ParmVarDecl>(List->getDecl()) : nullptr;
  if (!Format || !ListParam || ListParam->getDeclContext() != Function)
    return std::nullopt;
  return std::pair(Format->getFunctionScopeIndex(), ListParam->getFunctionScopeIndex());
}

std::optional<RedisCommand> CommandExtractor::extractAs(const FunctionSpec &Spec,
                                                        const CallExpr *Call) const {
  return Builder(Spec, Call, Context, Strings, nullptr, Model, ObjectHistory).build();
}

std::optional<RedisCommand>
CommandExtractor::extractConstruction(const FunctionSpec &Spec, const CXXConstructExpr *Built) const {
  return Builder(Spec, Built, Context, Strings, Model, ObjectHistory).build();
}

std::optional<RedisCommand> CommandExtractor::extractWrapped(const CallExpr *Call,
                                                             const FunctionDecl *Function) const {
  const FunctionSpec *Spec = specFor(Call);
  if (!Spec || Spec->Form != CallForm::Format || !Function ||
      callArguments(Call).size() != Spec->FormatArg + 1)
    return std::nullopt;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(stripStringWrappers(callArguments(Call)[Spec->FormatArg]));
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Function)
    return std::nullopt;
  RedisCommand Wrapped;
  Wrapped.Call = Call;
  Wrapped.Spec = Spec;
  Wrapped.Function = Function;
  Wrapped.TextParameter = Param->getFunctionScopeIndex();
  return Wrapped;
}

namespace {

/// The EVAL word that a script's KEYS[n] or ARGV[n] stands for.
CommandWord bindScriptArg(const RedisCommand &Eval, const LuaArg &Arg, unsigned NumKeys) {
  size_t Index = 0;
  switch (Arg.ArgKind) {
  case LuaArg::Key:
    Index = Arg.Index <= NumKeys ? 1 + Arg.Index : 0;
    break;
  case LuaArg::Argv:
    Index = 1 + NumKeys + Arg.Index;
    break;
  case LuaArg::Literal: {
    CommandWord Word;
    Word.Pieces.push_back({Arg.Text, nullptr, 0});
    return Word;
  }
  case LuaArg::Other:
    break;
  }
  if (Index >= 2 && Index < Eval.Args.size())
    return Eval.Args[Index];
  CommandWord Unknown;
  Unknown.Pieces.push_back({std::nullopt, nullptr, 0});
  return Unknown;
}

} // namespace

void readScript(RedisCommand &Eval) {
  Eval.ScriptCommands.clear();
  if (!Eval.is("EVAL"))
    return;
  const CommandWord *Script = Eval.arg(0);
  const CommandWord *KeyCount = Eval.arg(1);
  std::optional<std::string> Text = Script ? Script->text() : std::nullopt;
  std::optional<std::string> CountText = KeyCount ? KeyCount->text() : std::nullopt;
  unsigned NumKeys = 0;
  if (!Text || !CountText || llvm::StringRef(*CountText).getAsInteger(10, NumKeys))
    return;
  const LuaScriptFacts &Facts = classifiedLuaScript(*Text);
  for (const LuaCall &Lua : Facts.Calls) {
    RedisCommand Inner;
    Inner.Name = Lua.Command;
    Inner.Call = Eval.Call;
    Inner.Spec = Eval.Spec;
    Inner.Function = Eval.Function;
    Inner.Origin = Eval.Origin;
    Inner.InScript = true;
    Inner.ScriptChecksOwner = Facts.ComparesKeyWithArgv;
    for (const LuaArg &Arg : Lua.Args)
      Inner.Args.push_back(bindScriptArg(Eval, Arg, NumKeys));
    Eval.ScriptCommands.push_back(std::move(Inner));
  }
  std::optional<ScriptTake> Take = scriptAnswersTake(*Text);
  if (Take && Take->Call < Eval.ScriptCommands.size() &&
      (Eval.ScriptCommands[Take->Call].is("SET") || Eval.ScriptCommands[Take->Call].is("SETNX"))) {
    Eval.ScriptCommands[Take->Call].ScriptAnswersTake = true;
    Eval.ScriptCommands[Take->Call].ScriptAnswer = Take->Answer;
  }
}

namespace {

/// The function that \p Parent, met on the walk up from a statement, stands
/// for: a function, or a lambda's call operator. The walk stops there.
const FunctionDecl *functionOfBody(const DynTypedNode &Parent) {
  if (const auto *Lambda = Parent.get<LambdaExpr>())
    return Lambda->getCallOperator();
  return Parent.get<FunctionDecl>();
}

} // namespace

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Context) {
  for (DynTypedNodeList Parents = parentsOf(*S, Context); !Parents.empty();
       Parents = parentsOf(Parents[0], Context))
    if (const FunctionDecl *Function = functionOfBody(Parents[0]))
      return Function;
  return nullptr;
}

const FunctionDecl *EnclosingFunctions::of(const Stmt *S) {
  // Every statement on the way up has the answer the walk ends with: the
  // walk stops at a function before stepping on it.
  llvm::SmallVector<const Stmt *, 16> Path;
  const FunctionDecl *Found = nullptr;
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    if (const auto *Here = Node.get<Stmt>()) {
      if (auto It = Known.find(Here); It != Known.end()) {
        Found = It->second;
        break;
      }
      Path.push_back(Here);
    }
    DynTypedNodeList Parents = parentsOf(Node, Context);
    if (Parents.empty() || (Found = functionOfBody(Parents[0])))
      break;
    Node = Parents[0];
  }
  for (const Stmt *Visited : Path)
    Known.try_emplace(Visited, Found);
  return Found;
}

} // namespace locklint::model
