# SPDX-License-Identifier: Apache-2.0
# Debian packages with CPack (`make package`, or `cpack` in the build folder):
#   rebalance-lab      the app, rblab, the engine library, the built-in strategy plugins, the
#                      desktop entry, the icon and the AppStream metadata (the zh_CN catalog is
#                      compiled into the app: qt_add_translations embeds it under :/i18n)
#   rebalance-lab-dev  the strategy SDK: <rblab/…> headers and the RebalanceLabSDK CMake package
# Every install() of the project belongs to the first unless it names the second
# (CMAKE_INSTALL_DEFAULT_COMPONENT_NAME, set before the subfolders in the top CMakeLists.txt).

# The JavaScript strategy templates (AVG_JS, AVG_BY_CIRCLE_JS, BROKER_SPREAD_JS): run with
# --plugin-dir /usr/share/rebalance-lab/strategies; the workbench has them built in.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/strategies"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/rebalance-lab" COMPONENT rebalance-lab
    FILES_MATCHING PATTERN "*.js")

# The bundled example incidents: anonymised client logs that `rblab import-logs` turns into the
# scenarios of the same name (docs/import.md); their generator stays in the source tree.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/resources/incidents"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/rebalance-lab" COMPONENT rebalance-lab
    PATTERN "*.py" EXCLUDE)

# The AppStream metadata: its release is the project's version.
set(RBLAB_METAINFO "${CMAKE_BINARY_DIR}/org.rebalancelab.RebalanceLab.metainfo.xml")
configure_file("${PROJECT_SOURCE_DIR}/resources/org.rebalancelab.RebalanceLab.metainfo.xml.in"
    "${RBLAB_METAINFO}" @ONLY)
install(FILES "${RBLAB_METAINFO}" DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo"
    COMPONENT rebalance-lab)

set(CPACK_PACKAGE_CONTACT "Rebalance Lab maintainers <maintainers@users.noreply.a-seed-8828ebba.example>")

# Debian policy 12.5 and 12.7: every package carries its copyright file and the changelog,
# compressed reproducibly (gzip -n: no name, no time stamp).
configure_file("${CMAKE_CURRENT_LIST_DIR}/debian/changelog.Debian.in"
    "${CMAKE_BINARY_DIR}/debian/changelog.Debian" @ONLY)
execute_process(COMMAND gzip -9nc "${CMAKE_BINARY_DIR}/debian/changelog.Debian"
    OUTPUT_FILE "${CMAKE_BINARY_DIR}/debian/changelog.Debian.gz"
    RESULT_VARIABLE gzip_result)
if(NOT gzip_result EQUAL 0)
    message(FATAL_ERROR "gzip failed on debian/changelog.Debian: ${gzip_result}")
endif()
foreach(component rebalance-lab rebalance-lab-dev)
    install(FILES "${CMAKE_CURRENT_LIST_DIR}/debian/copyright"
            "${CMAKE_BINARY_DIR}/debian/changelog.Debian.gz"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/${component}" COMPONENT ${component})
endforeach()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rebalance-lab)
set(CPACK_PACKAGE_VENDOR "Rebalance Lab")
# Each package's description starts with its own synopsis line. CPackDeb (3.25) would put the
# project-wide summary in front of both unless the summary is CPack's default text, so it is.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_RESOURCE_FILE_README "${PROJECT_SOURCE_DIR}/README.md")
# `make package` writes into build/package; the package test passes its own -B.
set(CPACK_PACKAGE_DIRECTORY "${CMAKE_BINARY_DIR}/package")
# Debian installs into /usr; the install paths are relative (GNUInstallDirs), and the programs
# find the plugins relative to the engine library (StrategyRegistry::builtinDirectories).
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# RelWithDebInfo binaries are ten times their stripped size; Debian ships symbols apart.
set(CPACK_STRIP_FILES ON)

set(CPACK_COMPONENTS_ALL rebalance-lab rebalance-lab-dev)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENT_REBALANCE-LAB_DISPLAY_NAME "Rebalance Lab")
set(CPACK_COMPONENT_REBALANCE-LAB-DEV_DISPLAY_NAME "Rebalance Lab strategy SDK")
set(CPACK_COMPONENT_REBALANCE-LAB-DEV_DEPENDS rebalance-lab)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # rebalance-lab_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON) # -dev depends on the exact app package
set(CPACK_DEBIAN_REBALANCE-LAB_PACKAGE_NAME rebalance-lab)
set(CPACK_DEBIAN_REBALANCE-LAB-DEV_PACKAGE_NAME rebalance-lab-dev)
set(CPACK_DEBIAN_REBALANCE-LAB_PACKAGE_SECTION science)
set(CPACK_DEBIAN_REBALANCE-LAB-DEV_PACKAGE_SECTION devel)
# dpkg-shlibdeps lists the Qt runtime packages the programs and plugins link; the engine
# library is the package's own.
set(CPACK_DEBIAN_REBALANCE-LAB_PACKAGE_SHLIBDEPS ON)
# The engine library: a shlibs file (for plugins built against the SDK) and the ldconfig
# trigger Debian asks for (CPack also adds ldconfig calls to postinst and postrm).
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_REBALANCE-LAB_PACKAGE_CONTROL_EXTRA "${CMAKE_CURRENT_LIST_DIR}/debian/triggers")
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_CURRENT_LIST_DIR}/cpackproject.cmake")
# Qt's own zh_CN catalog (qtbase_zh_CN: dialog buttons) and a font with the Chinese glyphs.
set(CPACK_DEBIAN_REBALANCE-LAB_PACKAGE_RECOMMENDS "qt6-translations-l10n, fonts-noto-cjk")
# A plugin build needs Qt's CMake packages and moc (RebalanceLabSDKConfig.cmake finds Qt6 Core).
set(CPACK_DEBIAN_REBALANCE-LAB-DEV_PACKAGE_DEPENDS "qt6-base-dev (>= 6.4)")
set(CPACK_DEBIAN_REBALANCE-LAB_DESCRIPTION
"laboratory for how RocketMQ consumer groups share a topic's queues
Rebalance Lab simulates Apache RocketMQ push consumers and brokers event by
event and shows which consumer holds which queue as consumers join, crash,
freeze or are partitioned. It contains the desktop app (rebalance-lab), the
command line (rblab), the six RocketMQ allocation strategies as plugins, and
a plugin that runs strategies written in JavaScript (QJSEngine, sandboxed).")
set(CPACK_DEBIAN_REBALANCE-LAB-DEV_DESCRIPTION
"Rebalance Lab SDK for allocation-strategy plugins
Headers and the RebalanceLabSDK CMake package for building allocation-strategy
plugins against an installed Rebalance Lab: find_package(RebalanceLabSDK).")

include(CPack)
