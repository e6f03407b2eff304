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
    layout->addWidget(key);
    return box;
}

} // namespace burstlab
