// SPDX-License-Identifier: Apache-2.0
// Seeded random streams: every random choice of a run comes from one of these.
#pragma once

#include <QtGlobal>

#include <cmath>

namespace Rblab {

/*!
    xoshiro256** seeded through splitmix64. Each entity draws from its own stream, derived from
    the run's seed and the entity's identity (Random::derive), so adding a consumer does not
    change what the others draw, and the same seed always gives the same run.
*/
class Random
{
public:
    explicit Random(quint64 seed = 1) { reseed(seed); }

    void reseed(quint64 seed)
    {
        quint64 x = seed;
        for (quint64 &word : m_s) {
            word = splitmix(x);
        }
    }

    //! A stream seed for (seed, kind, index): independent streams for independent entities.
    static quint64 derive(quint64 seed, quint64 kind, quint64 index)
    {
        quint64 x = seed ^ (kind * 0x9E3779B97F4A7C15ull);
        quint64 a = splitmix(x);
        x = a ^ (index * 0xD1B54A32D192ED03ull);
        return splitmix(x);
    }

    //! A cheap, well-mixed hash of two values (message sizes per offset, …).
    static quint64 hash(quint64 a, quint64 b)
    {
        quint64 x = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
        return splitmix(x);
    }

    Q_ALWAYS_INLINE quint64 next()
    {
        const quint64 result = rotl(m_s[1] * 5, 7) * 9;
        const quint64 t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    //! Uniform in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    //! Uniform in [0, n).
    quint64 below(quint64 n) { return n == 0 ? 0 : next() % n; }
    bool chance(double p) { return p > 0 && uniform() < p; }
    double exponential(double mean) { return mean * standardExponential(); }
    //! Exp(1) by Marsaglia and Tsang's ziggurat: one multiply and compare in ~99% of draws
    //! (a consume time is drawn for every message of a run).
    Q_ALWAYS_INLINE double standardExponential()
    {
        const Ziggurat &z = ziggurat();
        for (;;) {
            const quint64 r = next();
            const quint32 i = quint32(r & 255);
            const quint32 j = quint32(r >> 32);
            if (j < z.k[i]) {
                return j * z.w[i];
            }
            if (i == 0) {
                return Ziggurat::kR - std::log(1.0 - uniform());
            }
            const double x = j * z.w[i];
            if (z.f[i] + uniform() * (z.f[i - 1] - z.f[i]) < std::exp(-x)) {
                return x;
            }
        }
    }
    //! Standard normal (Marsaglia's polar method, without caching the second value).
    double normal()
    {
        for (;;) {
            const double u = 2.0 * uniform() - 1.0;
            const double v = 2.0 * uniform() - 1.0;
            const double s = u * u + v * v;
            if (s > 0.0 && s < 1.0) {
                return u * std::sqrt(-2.0 * std::log(s) / s);
            }
        }
    }

private:
    struct Ziggurat
    {
        static constexpr double kR = 7.69711747013104972; // start of the tail, 256 layers
        static constexpr double kV = 3.949659822581572e-3; // area of each layer
        quint32 k[256];
        double w[256];
        double f[256];
        Ziggurat()
        {
            const double m = 4294967296.0;
            double d = kR;
            const double q = kV / std::exp(-d);
            k[0] = quint32((d / q) * m);
            k[1] = 0;
            w[0] = q / m;
            w[255] = d / m;
            f[0] = 1.0;
            f[255] = std::exp(-d);
            for (int i = 254; i >= 1; --i) {
                const double next = -std::log(kV / d + std::exp(-d));
                k[i + 1] = quint32((next / d) * m);
                d = next;
                f[i] = std::exp(-d);
                w[i] = d / m;
            }
        }
    };
    static const Ziggurat &ziggurat() { return s_ziggurat; }
    static const Ziggurat s_ziggurat; // built at load time: no guard check per draw

    static quint64 rotl(quint64 x, int k) { return (x << k) | (x >> (64 - k)); }
    static quint64 splitmix(quint64 &x)
    {
        quint64 z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    quint64 m_s[4];
};

} // namespace Rblab
