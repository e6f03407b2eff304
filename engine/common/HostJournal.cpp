#include "HostJournal.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace burstlab::engine {

namespace {

std::string errnoText() {
    return std::strerror(errno);
}

// The comm of a process, or empty when it is gone.
std::string commOf(long pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string comm;
    std::getline(in, comm);
    return comm;
}

} // namespace

HostJournal::HostJournal(std::string dir, std::string device)
    : m_dir(std::move(dir)), m_device(std::move(device)),
      m_path(m_dir + "/host-settings-" + m_device + ".json") {}

std::string HostJournal::write(const nlohmann::json &originals) const {
    // Only the engine's user may read or write it: the engine runs as root,
    // and a journal another user could write would have it set anything.
    if (mkdir(m_dir.c_str(), 0700) != 0 && errno != EEXIST) {
        return "cannot create " + m_dir + ": " + errnoText();
    }
    const nlohmann::json journal = {
        {"device", m_device}, {"pid", static_cast<long>(getpid())}, {"originals", originals}};
    const std::string text = journal.dump() + "\n";
    const std::string temporary = m_path + ".tmp";
    unlink(temporary.c_str());
    const int fd =
        open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        return "cannot write " + temporary + ": " + errnoText();
    }
    const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const bool synced = written && fsync(fd) == 0;
    const int savedErrno = errno;
    close(fd);
    if (!synced || rename(temporary.c_str(), m_path.c_str()) != 0) {
        errno = synced ? errno : savedErrno;
        const std::string why = "cannot write " + m_path + ": " + errnoText();
        unlink(temporary.c_str());
        return why;
    }
    // The rename itself, on the way to the disk of a directory that is not
    // a tmpfs.
    if (const int dir = open(m_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
        fsync(dir);
        close(dir);
    }
    return {};
}

std::optional<nlohmann::json> HostJournal::read(std::string *error) const {
    const int fd = open(m_path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT) {
            *error = "cannot read " + m_path + ": " + errnoText();
        }
        return std::nullopt;
    }
    struct stat st {};
    std::string text;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
        (st.st_mode & 022) == 0 && st.st_size < (1 << 16)) {
        text.resize(static_cast<size_t>(st.st_size));
        if (::read(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
            text.clear();
        }
    } else {
        *error = m_path + " is not a regular file of this user's that only it may write";
    }
    close(fd);
    if (text.empty()) {
        if (error->empty()) {
            *error = "cannot read " + m_path;
        }
        return std::nullopt;
    }
    const nlohmann::json journal = nlohmann::json::parse(text, nullptr, false);
    if (!journal.is_object() || journal.value("device", "") != m_device ||
        !journal.contains("originals") || !journal["originals"].is_object()) {
        *error = m_path + " is not a host settings journal of " + m_device;
        return std::nullopt;
    }
    return journal["originals"];
}

std::optional<long> HostJournal::liveWriter() const {
    std::ifstream in(m_path);
    std::stringstream text;
    text << in.rdbuf();
    const nlohmann::json journal = nlohmann::json::parse(text.str(), nullptr, false);
    const long pid = journal.is_object() && journal.contains("pid") && journal["pid"].is_number()
                         ? journal["pid"].get<long>()
                         : 0;
    if (pid <= 0 || pid == static_cast<long>(getpid()) || !commOf(pid).starts_with("burstlab-")) {
        return std::nullopt;
    }
    return pid;
}

void HostJournal::remove() const {
    unlink(m_path.c_str());
}

} // namespace burstlab::engine
