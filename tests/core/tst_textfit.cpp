// TextFit: a line cut to a width keeps each value's start and end and both
// values, never exceeds the width, and is whole at width 0.
#include "util/TextFit.h"

#include <QTest>

using namespace burstlab;

class TestTextFit : public QObject {
    Q_OBJECT

    static QString pair(const QString &a, const QString &b) {
        return QStringLiteral("item: #1 %1, #2 %2").arg(a, b);
    }

  private slots:
    void middleKeepsBothEnds() {
        QCOMPARE(TextFit::middle(QStringLiteral("abcdefghij"), 5), QStringLiteral("ab…ij"));
        QCOMPARE(TextFit::middle(QStringLiteral("abc"), 5), QStringLiteral("abc"));
        QCOMPARE(TextFit::middle(QStringLiteral("abcdefghij"), 0), QStringLiteral("abcdefghij"));
        QCOMPARE(TextFit::middle(QStringLiteral("abcdefghij"), 1), QStringLiteral("…"));
    }

    void twoValuesShareTheRoom() {
        const QString longA = QStringLiteral("a").repeated(200);
        const QString longB = QStringLiteral("b").repeated(300);
        // Whole when they fit, or at width 0.
        QCOMPARE(TextFit::twoValues(pair, QStringLiteral("x"), QStringLiteral("y"), 40),
                 pair(QStringLiteral("x"), QStringLiteral("y")));
        QCOMPARE(TextFit::twoValues(pair, longA, longB, 0), pair(longA, longB));
        // Both long: each gets half, both are there, cut in their middle.
        const QString both = TextFit::twoValues(pair, longA, longB, 60);
        QCOMPARE(both.size(), 60);
        QCOMPARE(both.count(QStringLiteral("…")), 2);
        QVERIFY2(both.contains(QStringLiteral("#1 aa")) && both.contains(QStringLiteral("#2 bb")),
                 qPrintable(both));
        // A short value keeps what it needs; the long one takes the rest.
        const QString one = TextFit::twoValues(pair, QStringLiteral("short"), longB, 60);
        QCOMPARE(one.size(), 60);
        QVERIFY2(one.contains(QStringLiteral("#1 short, #2 bb")), qPrintable(one));
        // A line whose fixed part alone is too long is cut itself.
        const auto named = [&](const QString &a, const QString &b) {
            return longA + QStringLiteral(": ") + a + QStringLiteral(", ") + b;
        };
        QVERIFY(TextFit::twoValues(named, longB, longB, 50).size() <= 50);
    }

    void oneValueFitsTheRest() {
        const auto format = [](const QString &v) { return QStringLiteral("words: %1").arg(v); };
        const QString cut = TextFit::oneValue(format, QStringLiteral("w").repeated(100), 30);
        QCOMPARE(cut.size(), 30);
        QVERIFY(cut.startsWith(QStringLiteral("words: ww")));
        QVERIFY(cut.endsWith(QStringLiteral("ww")));
    }
};

QTEST_GUILESS_MAIN(TestTextFit)
#include "tst_textfit.moc"
