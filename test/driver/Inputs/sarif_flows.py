"""Prints each SARIF result's first thread flow: its line, then each step's
kind and line."""
import json
import sys

for result in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    line = result["locations"][0]["physicalLocation"]["region"]["startLine"]
    for flow in result.get("codeFlows", [])[:1]:
        steps = [
            "%s %d" % (step["kinds"][0], step["location"]["physicalLocation"]["region"]["startLine"])
            for step in flow["threadFlows"][0]["locations"]
        ]
        print("%d: %s" % (line, " > ".join(steps)))
