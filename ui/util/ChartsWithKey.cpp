#include "util/ChartsWithKey.h"

#include <QLabel>
#include <QVBoxLayout>

namespace burstlab {

QWidget *chartsWithKey(QWidget *charts, QLabel *key, QWidget *parent) {
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(charts, 1);
    key->setTextFormat(Qt::PlainText);
    key->setWordWrap(true);
    key->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Two lines whether the key is empty, short or names the disturbed marks
    // too: the charts above keep their height as a run starts or a mark comes.
    key->setFixedHeight(key->fontMetrics().lineSpacing() * 2 + 2);
    layout->addWidget(key);
    return box;
}

} // namespace burstlab
