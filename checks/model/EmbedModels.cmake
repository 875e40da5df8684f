# Writes a C++ header holding the built-in JSON models as string literals, so
# the checks carry their models with them (the plugin has no data directory).
# Inputs: OUTPUT (header path) and MODELS (JSON files joined by '|').
string(REPLACE "|" ";" MODELS "${MODELS}")
set(body "")
foreach(model IN LISTS MODELS)
  file(READ "${model}" text)
  get_filename_component(name "${model}" NAME)
  string(APPEND body "  {\"${name}\", R\"locklint_model(${text})locklint_model\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp"
"// Generated from checks/model/builtin/*.json; do not edit.
namespace locklint::model {
struct BuiltinModel {
  const char *Name;
  const char *Text;
};
static const BuiltinModel BuiltinModels[] = {
${body}};
} // namespace locklint::model
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
