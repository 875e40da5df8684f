#include <stdio.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "DistLock.h"
#include "RedisPool.h"

typedef std::pair<std::string, long> ScoreEntry;

bool LoadScores(const std::string& strBoard, std::vector<ScoreEntry>& vecScores);

void RefreshAllBoards(const std::vector<std::string>& vecBoards)
{
    for (size_t i = 0; i < vecBoards.size(); ++i) {
        CDistLock lock("rank:" + vecBoards[i]);
        if (!lock.Lock())
            continue;

        std::vector<ScoreEntry> vecScores;
        if (!LoadScores(vecBoards[i], vecScores)) {
            printf("[RankJob] load %s failed\n", vecBoards[i].c_str());
            continue;
        }

        CRedisPool::GetInstance()->ExecuteCommand("DEL board:%s", vecBoards[i].c_str());
        for (size_t j = 0; j < vecScores.size(); ++j) {
            CRedisPool::GetInstance()->ExecuteCommand("ZADD board:%s %ld %s",
                                                      vecBoards[i].c_str(),
                                                      vecScores[j].second,
                                                      vecScores[j].first.c_str());
        }
        lock.Unlock();
    }
}

bool ResetSeason(const std::string& strSeason)
{
    CDistLock lock("season");
    int nTry = 0;
    while (!lock.Lock() && ++nTry < 5)
        usleep(200 * 1000);
    if (nTry >= 5)
        return false;

    CRedisReply r = CRedisPool::GetInstance()->ExecuteCommand("RENAME board:season board:season:%s",
                                                              strSeason.c_str());
    lock.Unlock();
    return r.IsOk();
}
