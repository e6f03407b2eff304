#pragma once
// What a window's runs list shows of one run, found by its label: for the
// tests that watch runs other processes write.
#include "runs/RunsBrowser.h"
#include "runs/RunsTableModel.h"

// The text of column for the run labelled label (empty while it is not listed).
inline QString listedCell(const burstlab::RunsBrowser &browser, const QString &label,
                          burstlab::RunsTableModel::Column column) {
    const burstlab::RunsTableModel *model = browser.model();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, burstlab::RunsTableModel::LabelColumn).data().toString() == label)
            return model->index(row, column).data().toString();
    }
    return {};
}

inline QString listedStatus(const burstlab::RunsBrowser &browser, const QString &label) {
    return listedCell(browser, label, burstlab::RunsTableModel::StatusColumn);
}
