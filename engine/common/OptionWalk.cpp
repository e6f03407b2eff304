#include "OptionWalk.h"

namespace burstlab::engine {

void walkOptions(const std::vector<std::string> &args, EngineOptions &common,
                 const std::function<bool(const std::string &, const OptionValue &)> &take) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        const OptionValue value = [&]() -> const std::string & {
            if (i + 1 >= args.size()) {
                throw OptionsError(a + " needs a value");
            }
            return args[++i];
        };
        if (take(a, value)) {
            continue;
        }
        if (a == "--config") {
            common.configPath = value();
        } else if (a == "--help" || a == "-h") {
            common.help = true;
        } else if (a == "--version") {
            common.version = true;
        } else {
            throw OptionsError("unknown option '" + a + "' (see --help)");
        }
    }
}

} // namespace burstlab::engine
