#include "ProfileBuilder.h"

#include <algorithm>
#include <map>

namespace burstlab::engine::profile {

namespace {

template <typename Key, typename Item, typename Make>
std::vector<Item> top(const std::map<Key, uint64_t> &sums, std::size_t most, Make make) {
    std::vector<std::pair<Key, uint64_t>> all(sums.begin(), sums.end());
    std::stable_sort(all.begin(), all.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    all.resize(std::min(all.size(), most));
    std::vector<Item> out;
    for (const auto &[key, samples] : all) {
        out.push_back(make(key, samples));
    }
    return out;
}

} // namespace

protocol::Profile buildProfile(const SampleCounts &counts, Symbols &symbols) {
    protocol::Profile p;
    p.samples = counts.samples;
    p.lost = counts.lost;
    symbols.newSamples();
    std::map<std::pair<std::string, std::string>, uint64_t> functions;
    for (const auto &[ip, n] : counts.leaves) {
        const Frame &f = symbols.of(ip);
        functions[{f.name, f.module}] += n;
    }
    std::map<std::string, uint64_t> stacks;
    for (const auto &[chain, n] : counts.chains) {
        std::string folded;
        // Outermost first; a return address names the call before it.
        for (std::size_t i = chain.size(); i-- > 0;) {
            const Frame &f = symbols.of(i == 0 ? chain[i] : chain[i] - 1);
            folded += (folded.empty() ? "" : ";") + f.name;
        }
        stacks[folded] += n;
    }
    p.functions = top<std::pair<std::string, std::string>, protocol::ProfileFunction>(
        functions, protocol::kProfileFunctions, [](const auto &key, uint64_t n) {
            return protocol::ProfileFunction{key.first, key.second, n};
        });
    p.stacks = top<std::string, protocol::ProfileStack>(stacks, protocol::kProfileStacks,
                                                        [](const std::string &key, uint64_t n) {
                                                            return protocol::ProfileStack{key, n};
                                                        });
    return p;
}

} // namespace burstlab::engine::profile
