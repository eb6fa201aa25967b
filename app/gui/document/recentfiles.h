// SPDX-License-Identifier: Apache-2.0
// File › Open Recent, kept in QSettings.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace Rblab {

/*!
    The most recently opened scenario files (at most eight, newest first), stored with QSettings
    and shown in a menu that is rebuilt when the list or the language changes.
*/
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

    void add(const QString &path);
    QStringList files() const;
    void rebuildMenu();

signals:
    void openRequested(const QString &path);

private:
    QMenu *m_menu;
};

} // namespace Rblab
