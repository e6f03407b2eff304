#include "ranges/Assignment.h"
#include "ranges/ValueList.h"
#include <QTest>

using namespace burstlab;

class TestRanges : public QObject {
    Q_OBJECT

  private slots:
    void good_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<qint64>>("values");
        QTest::newRow("single") << "16" << QList<qint64>{16};
        QTest::newRow("seed sweep")
            << "1..10,16,24,32" << QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 24, 32};
        QTest::newRow("step") << "1..64:16" << QList<qint64>{1, 17, 33, 49};
        QTest::newRow("step hits end") << "0..64:32" << QList<qint64>{0, 32, 64};
        QTest::newRow("descending") << "4..1" << QList<qint64>{4, 3, 2, 1};
        QTest::newRow("descending step") << "64..1:32" << QList<qint64>{64, 32};
        QTest::newRow("spaces") << " 1 .. 3 , 8 " << QList<qint64>{1, 2, 3, 8};
        QTest::newRow("order kept") << "32,1,8" << QList<qint64>{32, 1, 8};
        QTest::newRow("one-value range") << "5..5" << QList<qint64>{5};
    }
    void good() {
        QFETCH(QString, text);
        QFETCH(QList<qint64>, values);
        QString error;
        const auto parsed = ValueList::parse(QStringLiteral("burst"), text, &error);
        QVERIFY2(parsed, qPrintable(error));
        QCOMPARE(*parsed, values);
    }

    void bad_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("not a number") << "1..x"
                                      << "burst: '1..x' is not a number at column 4";
        QTest::newRow("letters") << "abc"
                                 << "burst: 'abc' is not a number at column 1";
        QTest::newRow("empty") << ""
                               << "burst: empty value list";
        QTest::newRow("empty item") << "1,,2"
                                    << "burst: '1,,2' has an empty item at column 3";
        QTest::newRow("trailing comma") << "1,2,"
                                        << "burst: '1,2,' has an empty item at column 5";
        QTest::newRow("open range") << "1.."
                                    << "burst: '1..' is not a number at column 4";
        QTest::newRow("zero step") << "1..8:0"
                                   << "burst: '1..8:0' has a step of 0 at column 6";
        QTest::newRow("negative") << "-1"
                                  << "burst: '-1' is not a number at column 1";
        QTest::newRow("fraction") << "1.5"
                                  << "burst: '1.5' is not a number at column 2";
        QTest::newRow("repeat") << "1..4,3"
                                << "burst: '1..4,3' repeats 3 at column 6";
        QTest::newRow("too large") << "99999999999999999999"
                                   << "burst: '99999999999999999999' is too large at column 1";
        QTest::newRow("too many") << "1..200000"
                                  << "burst: '1..200000' has more than 100000 values at column 1";
    }
    void bad() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QString actual;
        QVERIFY(!ValueList::parse(QStringLiteral("burst"), text, &actual));
        QCOMPARE(actual, error);
    }

    void assignments() {
        QString error;
        const auto sweep = Assignment::split(QStringLiteral("burst=1..10"), &error);
        QVERIFY2(sweep, qPrintable(error));
        QCOMPARE(sweep->name, QStringLiteral("burst"));
        QCOMPARE(*sweep->values(&error), (QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));

        const auto bad = Assignment::split(QStringLiteral("clone=0,x"), &error);
        QVERIFY(bad);
        QVERIFY(!bad->values(&error));
        QCOMPARE(error, QStringLiteral("clone: '0,x' is not a number at column 3"));

        QCOMPARE(Assignment::split(QStringLiteral("pkt_size=64"), &error)->scalar(),
                 QJsonValue(64));
        QCOMPARE(Assignment::split(QStringLiteral("timestamp=true"), &error)->scalar(),
                 QJsonValue(true));
        QCOMPARE(Assignment::split(QStringLiteral("dst_mac=02:00:00:00:00:02"), &error)->scalar(),
                 QJsonValue(QStringLiteral("02:00:00:00:00:02")));
        QCOMPARE(Assignment::split(QStringLiteral("dst_ip=10.0.0.1"), &error)->scalar(),
                 QJsonValue(QStringLiteral("10.0.0.1")));

        QVERIFY(!Assignment::split(QStringLiteral("burst"), &error));
        QCOMPARE(error, QStringLiteral("'burst': expected NAME=VALUE"));
        QVERIFY(!Assignment::split(QStringLiteral("burst="), &error));
        QCOMPARE(error, QStringLiteral("'burst=': no value after '='"));
        QVERIFY(!Assignment::split(QStringLiteral("Burst Size=3"), &error));
        QCOMPARE(error, QStringLiteral("'Burst Size=3': 'Burst Size' is not a parameter name"));
    }
};

QTEST_GUILESS_MAIN(TestRanges)
#include "tst_ranges.moc"
