#pragma once

class QLabel;
class QWidget;

namespace burstlab {

// Charts with their key under them (FigureCaption::key), the key wrapping
// rather than cut in a room of two lines that never changes, as the results
// and the compare view show them.
QWidget *chartsWithKey(QWidget *charts, QLabel *key, QWidget *parent);

} // namespace burstlab
