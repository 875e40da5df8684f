#include "redis_client.hpp"
#include "send_lock.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace notify {

struct Message {
    std::string id;
    std::string title;
    std::string body;
};

// APNs/FCM client (libpushgw).
class PushGateway {
public:
    bool send(const std::string& device, const Message& m);
};

class PushWorker {
public:
    explicit PushWorker(PushGateway& gw) : gw_(gw) {}

    int deliver(const std::string& device, const std::vector<Message>& batch);

private:
    bool first_delivery(const Message& m);

    PushGateway& gw_;
};

// Marks a message id as delivered for a day; the first caller wins.
bool PushWorker::first_delivery(const Message& m) {
    Reply r = Redis::get().command("SET notify:sent:%s 1 NX EX 86400", m.id.c_str());
    return r.is_status("OK");
}

int PushWorker::deliver(const std::string& device, const std::vector<Message>& batch) {
    SendLock lock("push", device, 15000);
    if (!lock.acquire()) {
        return 0;  // another replica is pushing to this device right now
    }

    int sent = 0;
    for (size_t i = 0; i < batch.size(); ++i) {
        if (i > 0 && i % 20 == 0) {
            // big batches take longer than the ttl; push it out
            Redis::get().command("PEXPIRE %s %d", lock.key().c_str(), lock.ttl_ms());
        }
        if (!first_delivery(batch[i])) continue;
        if (gw_.send(device, batch[i])) {
            ++sent;
        } else {
            std::fprintf(stderr, "push: %s -> %s failed\n", batch[i].id.c_str(), device.c_str());
        }
    }

    lock.release();
    return sent;
}

}  // namespace notify
