#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace burstlab::engine {

// Splits a descriptor's bytes into lines without ever holding more than
// maxLine bytes of one line: a longer line is reported once as too long and
// skipped up to its newline.
class LineReader {
  public:
    struct Line {
        std::string text;
        bool tooLong = false;
    };
    enum class Status { Ok, Eof, Error };

    LineReader(int fd, size_t maxLine) : m_fd(fd), m_maxLine(maxLine) {}

    // One read(); appends every completed line to out.
    Status readAvailable(std::vector<Line> &out);

  private:
    void consume(const char *data, size_t size, std::vector<Line> &out);

    int m_fd;
    size_t m_maxLine;
    std::string m_partial;
    bool m_discarding = false;
};

} // namespace burstlab::engine
