#!/usr/bin/env python3
"""Writes source files that stretch the analysis: deep macro and template
nesting, a 10,000-case switch, and one function with 5,000 lock scopes.

  generate_stress.py <directory>
"""
import pathlib
import sys

HEADER = '#include <hiredis/hiredis.h>\n#include <mutex>\n#include <string>\n'


def deep_macros(depth=200):
    lines = [HEADER, "#define NEST0(x) x"]
    lines += [f"#define NEST{i}(x) NEST{i - 1}(x)" for i in range(1, depth + 1)]
    lines.append("void release(redisContext *c) "
                 f'{{ NEST{depth}(redisCommand(c, "DEL lock:deep")); }}')
    return "\n".join(lines) + "\n"


def deep_templates(depth=500):
    return HEADER + f"""
template <int N> struct Depth {{
  static void release(redisContext *c) {{ Depth<N - 1>::release(c); }}
}};
template <> struct Depth<0> {{
  static void release(redisContext *c) {{ redisCommand(c, "DEL lock:nested"); }}
}};
void releaseDeep(redisContext *c) {{ Depth<{depth}>::release(c); }}
"""


def huge_switch(cases=10000):
    body = [f"  case {i}: return {i * 7 % 13};" for i in range(cases)]
    return HEADER + "int route(int kind, redisContext *c) {\n  switch (kind) {\n" + \
        "\n".join(body) + \
        '\n  default: redisCommand(c, "DEL lock:route"); return -1;\n  }\n}\n'


def many_scopes(scopes=5000):
    body = []
    for i in range(scopes):
        body.append(f"""  {{
    std::lock_guard<std::mutex> guard(local);
    auto *r = static_cast<redisReply *>(redisCommand(c, "GET counter:{i}"));
    long long v = r && r->str ? std::stoll(r->str) : 0;
    freeReplyObject(r);
    freeReplyObject(redisCommand(c, "SET counter:{i} %lld", v + 1));
  }}""")
    return HEADER + "std::mutex local;\nvoid bumpAll(redisContext *c) {\n" + \
        "\n".join(body) + "\n}\n"


def long_concatenation(terms=20000):
    """One key built of 20,000 pieces, next to a release the checks report:
    every walk over it must keep its own stack."""
    pieces = " + ".join(['std::string("k")'] * terms)
    return HEADER + f"""void assemble(redisContext *c) {{
  std::string key = {pieces};
  redisCommand(c, "DEL %s", key.c_str());
  redisCommand(c, "DEL lock:long");
}}
"""


def main():
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "deep_macros.cpp").write_text(deep_macros())
    (out / "deep_templates.cpp").write_text(deep_templates())
    (out / "huge_switch.cpp").write_text(huge_switch())
    (out / "many_scopes.cpp").write_text(many_scopes())
    (out / "long_concatenation.cpp").write_text(long_concatenation())


if __name__ == "__main__":
    main()
