// SPDX-License-Identifier: Apache-2.0
#include "jsstrategyfactory.h"

#include "jsstrategy.h"

JsStrategyFactory::JsStrategyFactory(std::shared_ptr<const JsProgram> program)
    : m_program(std::move(program))
{
}

Rblab::StrategyCreation JsStrategyFactory::create(
    const QVariantMap &params, const Rblab::StrategyProvider &) const
{
    // The engine is made on the first call, on the thread that calls: creation is cheap.
    return { std::make_unique<JsStrategy>(m_program, params), QString(), QString() };
}
