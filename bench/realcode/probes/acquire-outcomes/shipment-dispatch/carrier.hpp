#pragma once

#include <string>
#include <vector>

namespace carrier {

struct Parcel {
    std::string id;
    std::string wave;
};

// Carrier API client, lives in its own library.
void bookPickups(const std::vector<Parcel>& parcels);
void printLabels(const std::vector<Parcel>& parcels);
void cancelPickups(const std::string& wave);
void restock(const std::vector<Parcel>& parcels);
void refund(const std::string& rma);
void closeRma(const std::string& rma);

}  // namespace carrier
