//===--- LocklintMain.cpp - the locklint executable -----------------------===//

#include "Driver.h"

int main(int argc, const char **argv) { return locklint::runLocklint(argc, argv); }
