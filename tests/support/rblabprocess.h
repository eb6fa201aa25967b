// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

/*!
    Runs the rblab program of this build tree as a separate process, in an environment the test
    controls: no RBLAB_PLUGIN_PATH unless given, and a private XDG_DATA_HOME so that plugins in
    the developer's user folder do not count.
*/
class RblabProcess
{
public:
    struct Result
    {
        bool started = false;
        bool finished = false;
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
        qint64 elapsedMs = 0; //!< from start() to finished, the whole process

        //! A one-line summary for failure messages.
        QString describe() const;
    };

    //! dataHome becomes XDG_DATA_HOME (the per-user plugin folder lives below it).
    explicit RblabProcess(const QString &dataHome);

    static QString program();

    void setEnvironmentValue(const QString &name, const QString &value);
    Result run(const QStringList &arguments, const QByteArray &input = QByteArray(),
        int timeoutMs = 60000) const;

private:
    QProcessEnvironment m_environment;
};
