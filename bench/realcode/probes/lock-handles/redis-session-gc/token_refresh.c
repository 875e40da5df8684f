#include <stdio.h>

#include "gc.h"

int refresh_oauth_tokens(redisContext *rc)
{
	struct lockh lk;
	redisReply *rep;
	int n;

	lockh_setup(&lk, "sessgc:lock:oauth-refresh", 300);
	rep = redisCommand(rc, "SET %s %s NX", lk.key, lk.val);
	if (rep == NULL)
		return -1;
	if (rep->type != REDIS_REPLY_STATUS) {
		freeReplyObject(rep);
		return 0;
	}
	freeReplyObject(rep);

	n = oauth_refresh_all(rc);

	lockh_drop_safe(rc, &lk);
	return n;
}

int rotate_api_keys(redisContext *rc)
{
	struct lockh tokens, sessions;
	int n = -1;

	lockh_setup(&tokens, "sessgc:lock:tokens", 120);
	lockh_setup(&sessions, "sessgc:lock:sessions", 120);

	if (lockh_wait(rc, &tokens, 5000) != 1)
		return 0;
	if (lockh_wait(rc, &sessions, 5000) != 1) {
		lockh_drop_safe(rc, &tokens);
		return 0;
	}

	n = apikeys_rotate(rc);
	if (n > 0)
		sessions_invalidate_for_rotated_keys(rc);

	lockh_drop_safe(rc, &sessions);
	lockh_drop_safe(rc, &tokens);
	return n;
}
