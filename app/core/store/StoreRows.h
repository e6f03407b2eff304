#pragma once
#include "model/Sample.h"
#include "model/StepResult.h"
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <optional>

namespace burstlab::storerows {

// How the store's rows read and write: the column lists its statements name
// and the conversions between a row and the model, shared by the record
// kinds (RunRecords, StepRecords).

// A run's row and its documents, which live apart from the rows lists read.
extern const QString runColumns;
// A step's rate columns come first: the runs list reads only them. They
// hold what a point's figure needs under any noise policy: the rate, and
// the thread shares that say whether the repetition was disturbed (copied
// from the totals, which are most of a step's bytes).
extern const QString rateColumns;
extern const QString stepColumns;
// A sample's columns are its protocol names (Sample::forEachCounter), after
// the step it belongs to; sampleColumns joins them.
QStringList sampleColumnList();
extern const QString sampleColumns;

QString jsonText(const QJsonObject &object);
QString jsonText(const QJsonArray &array);
QJsonDocument jsonDocument(const QVariant &text);

// A counter's column: NULL is a counter the engine did not measure.
QVariant columnOf(qint64 value);
QVariant columnOf(const std::optional<qint64> &value);
QVariant columnOf(const std::optional<double> &value);

Sample sampleFrom(const QSqlQuery &q);
// The rate columns (rateColumns) of a step: what its point's figure needs.
// A run's steps repeat a few points: `points` keeps those already read, so
// a list of many runs parses each point text once.
StepResult rateFrom(const QSqlQuery &q, QHash<QString, Point> *points = nullptr);
// A step's thread shares for its rate columns: null where its engine measured none.
QVariant cpuShareOf(const StepResult &step);
QVariant stealShareOf(const StepResult &step);
StepResult stepFrom(const QSqlQuery &q);

} // namespace burstlab::storerows
