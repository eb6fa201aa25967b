// SPDX-License-Identifier: Apache-2.0
#include "strategyhost.h"

#include "hostprotocol.h"

#include <allocation/strategyregistry.h>

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QHash>
#include <QLocalSocket>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <sys/resource.h>

#if defined(__SANITIZE_ADDRESS__)
#define RBLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RBLAB_ASAN 1
#endif
#endif

namespace Rblab {

using namespace HostProtocol;

bool limitAddressSpace(qint64 megabytes, QString *error)
{
#ifdef RBLAB_ASAN
    Q_UNUSED(megabytes);
    Q_UNUSED(error);
    return true;
#else
    if (megabytes <= 0) {
        return true;
    }
    rlimit limit;
    limit.rlim_cur = rlim_t(megabytes) * 1024 * 1024;
    limit.rlim_max = limit.rlim_cur;
    if (setrlimit(RLIMIT_AS, &limit) != 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    return true;
#endif
}

int runStrategyHost(const QString &socketName, StrategyRegistry &registry)
{
    QLocalSocket socket;
    socket.connectToServer(socketName);
    if (!socket.waitForConnected(10000)) {
        std::fprintf(stderr, "rblab strategy-host: cannot connect to %s: %s\n",
            qPrintable(socketName), qPrintable(socket.errorString()));
        return 2;
    }
    struct Instance
    {
        std::shared_ptr<AllocationStrategy> strategy;
        MessageQueueList queues; //!< the last Allocate's lists, for `same`
        QStringList cids;
    };
    QHash<quint32, Instance> instances;
    for (;;) {
        QByteArray request;
        const ReadResult read = readFrame(socket, &request, QDeadlineTimer::Forever);
        if (read == ReadResult::Closed) {
            return 0; // the host ended or restarts us
        }
        if (read != ReadResult::Frame) {
            std::fprintf(stderr, "rblab strategy-host: unreadable request\n");
            return 2;
        }
        QDataStream in(request);
        in.setVersion(kStreamVersion);
        quint8 op = 0;
        quint32 instance = 0;
        in >> op >> instance;
        QByteArray replyBytes;
        QDataStream out(&replyBytes, QIODevice::WriteOnly);
        out.setVersion(kStreamVersion);
        switch (Op(op)) {
        case Op::Create: {
            QString name;
            QString file;
            QVariantMap params;
            QString defaultTopic;
            in >> name >> file >> params >> defaultTopic;
            if (!registry.find(name) && !file.isEmpty() && QFileInfo(file).isFile()) {
                registry.loadFrom(file); // a file the host was given directly
            }
            StrategyCreation made = registry.create(name, params, defaultTopic);
            const bool ok = made.ok();
            out << ok << made.parameter << made.error << (ok ? made.strategy->name() : QString());
            if (ok) {
                instances.insert(instance,
                    { std::shared_ptr<AllocationStrategy>(std::move(made.strategy)), {}, {} });
            }
            break;
        }
        case Op::Allocate: {
            QString group;
            QString currentCid;
            bool same = false;
            in >> group >> currentCid >> same;
            const auto it = instances.find(instance);
            AllocateResult result;
            if (it == instances.end()) {
                result = AllocateResult::failure(
                    QStringLiteral("no strategy %1 in the helper").arg(instance));
            } else {
                if (!same) {
                    in >> it->queues >> it->cids;
                }
                result = guardedAllocate(*it->strategy, group, currentCid, it->queues, it->cids);
            }
            out << result.error << result.queues;
            break;
        }
        case Op::AllocateAll: {
            QString group;
            MessageQueueList mqAll;
            QStringList cidAll;
            in >> group >> mqAll >> cidAll;
            const auto strategy = instances.value(instance).strategy;
            const GroupAllocateResult result = strategy
                ? guardedAllocateAll(*strategy, group, mqAll, cidAll)
                : GroupAllocateResult { {},
                      QStringLiteral("no strategy %1 in the helper").arg(instance) };
            out << result.error << result.perConsumer;
            break;
        }
        case Op::Destroy:
            instances.remove(instance);
            continue;
        default:
            std::fprintf(stderr, "rblab strategy-host: unknown request %d\n", int(op));
            return 2;
        }
        if (in.status() != QDataStream::Ok) {
            std::fprintf(stderr, "rblab strategy-host: malformed request %d\n", int(op));
            return 2;
        }
        if (!writeFrame(socket, replyBytes, QDeadlineTimer(30000))) {
            return 0; // the host hung up while we worked
        }
    }
}

} // namespace Rblab
