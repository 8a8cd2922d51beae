"""Write the Tiled project files in ``maps/`` from the loader's schema (``client/tiled/schema.py``).

- ``runetide.tiled-project``: custom property types. Enums (RuneKind, Team, ...) so an
  author picks values from lists; one class per map object kind (and one for the
  map's own properties) that Tiled 1.9+ offers as object classes; the Tiled 1.8
  object types file below; compatibilityVersion 1080 so newer Tiled saves files
  Tiled 1.8 can read.
- ``objecttypes.xml``: the same kinds as Tiled 1.8 object types with typed defaults.
- ``runetide.tiled-session``: the session Tiled 1.8 opens with the project.

Run from the repository root: ``python tools/make_project.py``. A test checks the
committed files equal what this writes, so the editor and the loader never disagree.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from client.tiled.schema import ENUMS, KINDS, MAP_PROPS, Enum, Prop  # noqa: E402

MAPS = ROOT / "maps"
PROJECT = "runetide.tiled-project"


def _value(prop: Prop) -> object:
    if prop.default is None:
        return "" if prop.type != "int" else 0
    return prop.default


def _member(prop: Prop) -> dict:
    member: dict[str, object] = {
        "name": prop.name,
        "type": "string" if isinstance(prop.type, Enum) else prop.type,
        "value": _value(prop),
    }
    if isinstance(prop.type, Enum):
        member["propertyType"] = prop.type.name
    return member


def project_json() -> str:
    types: list[dict] = []
    for enum in ENUMS:
        types.append(
            {
                "id": len(types) + 1,
                "name": enum.name,
                "type": "enum",
                "storageType": "string",
                "values": list(enum.values),
                "valuesAsFlags": False,
            }
        )
    for kind in KINDS.values():
        types.append(
            {
                "id": len(types) + 1,
                "name": kind.name,
                "type": "class",
                "color": kind.color,
                "members": [_member(p) for p in kind.props],
                "useAs": ["property", "object", "tile"],
            }
        )
    types.append(
        {
            "id": len(types) + 1,
            "name": "runetide_map",
            "type": "class",
            "color": "#ff808080",
            "members": [_member(p) for p in MAP_PROPS],
            "useAs": ["property", "map"],
        }
    )
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1080,
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4) + "\n"


def object_types_xml() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for kind in KINDS.values():
        color = "#" + kind.color[3:]
        lines.append(f" <objecttype name={quoteattr(kind.name)} color={quoteattr(color)}>")
        for prop in kind.props:
            custom = f" propertytype={quoteattr(prop.type.name)}" if isinstance(prop.type, Enum) else ""
            kind_name = "string" if isinstance(prop.type, Enum) else prop.type
            value = str(_value(prop)).lower() if prop.type == "bool" else str(_value(prop))
            lines.append(
                f"  <property name={quoteattr(prop.name)} type={quoteattr(kind_name)}{custom} "
                f"default={quoteattr(value)}/>"
            )
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def session_json() -> str:
    session = {
        "activeFile": "tutorial.tmx",
        "expandedProjectPaths": ["."],
        "fileStates": {},
        "openFiles": ["tutorial.tmx"],
        "project": PROJECT,
        "recentFiles": ["tutorial.tmx"],
    }
    return json.dumps(session, indent=4) + "\n"


FILES = {PROJECT: project_json, "objecttypes.xml": object_types_xml, "runetide.tiled-session": session_json}


def main() -> None:
    for name, make in FILES.items():
        (MAPS / name).write_text(make())
    print(f"wrote {', '.join(FILES)} to {MAPS}")


if __name__ == "__main__":
    main()
