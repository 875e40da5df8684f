// A debug assertion that takes another shape for static analyzers, as some
// libraries write theirs: under __clang_analyzer__ it calls a function that
// only the analyzer's own headers would declare.
#ifndef CHECKS_H
#define CHECKS_H
#if defined(__clang_analyzer__)
#define check_dbg(cond) analyzer_assume(cond)
#else
#define check_dbg(cond) ((void)(cond))
#endif
#endif
