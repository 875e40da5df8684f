#include "redis_client.hpp"
#include "send_lock.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace notify {

struct DigestItem {
    std::string title;
    std::string url;
};

class Inbox {
public:
    std::vector<DigestItem> unread_since(const std::string& user, long long since_unix);
};

class Mailer {
public:
    bool send(const std::string& to, const std::string& subject, const std::string& html);
};

namespace {

long long last_digest_at(const std::string& user) {
    Reply r = Redis::get().command("GET notify:digest:last:%s", user.c_str());
    std::string v = r.str();
    return v.empty() ? 0 : std::atoll(v.c_str());
}

std::string render(const std::vector<DigestItem>& items) {
    std::string html = "<ul>";
    for (const DigestItem& d : items) html += "<li><a href=\"" + d.url + "\">" + d.title + "</a></li>";
    return html + "</ul>";
}

}  // namespace

bool send_daily_digest(const std::string& user, const std::string& email, Inbox& inbox,
                       Mailer& mailer) {
    SendLock lock("digest", user, 60000);
    if (!lock.acquire()) {
        std::fprintf(stderr, "digest: lock for %s is busy; continuing\n", user.c_str());
    }

    const long long since = last_digest_at(user);
    std::vector<DigestItem> items = inbox.unread_since(user, since);
    if (items.empty()) return true;

    bool ok = mailer.send(email, "Your daily digest", render(items));
    if (ok) {
        const long long now = static_cast<long long>(std::time(nullptr));
        Redis::get().command("SET notify:digest:last:%s %lld EX %d", user.c_str(), now,
                             7 * 86400);
    }
    lock.release();
    return ok;
}

}  // namespace notify
