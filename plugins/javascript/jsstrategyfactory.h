// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "jsprogram.h"

#include <rblab/strategyfactory.h>

#include <memory>

//! Makes the strategies of one JavaScript file (one version of it: a saved file is a new one).
class JsStrategyFactory final : public Rblab::AllocationStrategyFactory
{
public:
    explicit JsStrategyFactory(std::shared_ptr<const JsProgram> program);

    Rblab::StrategyCreation create(
        const QVariantMap &params, const Rblab::StrategyProvider &provider) const override;

private:
    std::shared_ptr<const JsProgram> m_program;
};
