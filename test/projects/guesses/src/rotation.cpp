#include "token_store.h"

void rotateKeys();

void rotateNightly(vault::TokenStore &store) {
  if (!store.claim("lock:rotate", "rotator"))
    return;
  rotateKeys();
}
