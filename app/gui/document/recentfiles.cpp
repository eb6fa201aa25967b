// SPDX-License-Identifier: Apache-2.0
#include "document/recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace Rblab {

namespace {

constexpr int kMaxRecent = 8;
const QString kKey = QStringLiteral("recentFiles");

} // namespace

RecentFiles::RecentFiles(QMenu *menu, QObject *parent) : QObject(parent), m_menu(menu)
{
    rebuildMenu();
}

QStringList RecentFiles::files() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString &path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char(':'))) {
        return; // bundled examples have their own menu
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecent) {
        list.removeLast();
    }
    QSettings().setValue(kKey, list);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    const QStringList list = files();
    int n = 0;
    for (const QString &path : list) {
        ++n;
        QAction *action
            = m_menu->addAction(QStringLiteral("&%1 %2").arg(n).arg(QFileInfo(path).fileName()));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo::exists(path));
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (list.isEmpty()) {
        QAction *none = m_menu->addAction(tr("No recent files"));
        none->setEnabled(false);
    } else {
        m_menu->addSeparator();
        QAction *clear = m_menu->addAction(tr("Clear list"));
        connect(clear, &QAction::triggered, this, [this] {
            QSettings().remove(kKey);
            rebuildMenu();
        });
    }
}

} // namespace Rblab

#include "moc_recentfiles.cpp"
