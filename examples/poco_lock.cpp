// The same mistakes with POCO's Redis client.
#include <Poco/Redis/Client.h>
#include <Poco/Redis/Command.h>
#include <string>

std::string randomToken();

using Poco::Redis::Array;
using Poco::Redis::Command;

// Broken: overwrite = true (the default) is a SET without NX, and the value
// is the constant "1".
void broken_takeLeadership(Poco::Redis::Client &client) {
  client.execute<std::string>(Command::set("leader:scheduler", "1", true, Poco::Timespan(15, 0)));
}

// Fixed: NX, an expiry, and a value unique to this process. The command is
// written as strings: Command::set sends a Timespan as a RESP integer, which
// Redis refuses by closing the connection.
bool fixed_takeLeadership(Poco::Redis::Client &client, const std::string &token) {
  Array take;
  take << "SET" << "leader:scheduler" << token << "NX" << "PX" << "15000";
  // "OK" when taken; a null reply while another process leads.
  return client.sendCommand(take)->isSimpleString();
}

// Broken: giving up leadership with DEL removes whoever leads now.
void broken_stepDown(Poco::Redis::Client &client) {
  client.execute<Poco::Int64>(Command::del("leader:scheduler"));
}

// Fixed: delete the key only while it still holds our token.
void fixed_stepDown(Poco::Redis::Client &client, const std::string &token) {
  Array release;
  release << "EVAL"
          << "if redis.call('get', KEYS[1]) == ARGV[1] then "
             "return redis.call('del', KEYS[1]) else return 0 end"
          << "1" << "leader:scheduler" << token;
  client.execute<Poco::Int64>(release);
}
