#pragma once

class QLabel;
class QWidget;

namespace burstlab {

// Charts with their one-line key under them (FigureCaption::key), the key
// wrapping rather than cut, as the results and the compare view show them.
QWidget *chartsWithKey(QWidget *charts, QLabel *key, QWidget *parent);

} // namespace burstlab
