"""The Tiled project loads in the real Tiled (1.8 on Debian) and resolves the same defaults as the loader.

Tiled runs offscreen on a scratch copy of maps/ with a throwaway HOME holding a small
script extension. The extension opens a map whose objects carry no properties and
writes each object's resolved properties (type defaults from the project) to a file.
Without ``runetide.tiled-session`` Tiled 1.8 would not load the project given on the
command line, and nothing would resolve.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from client.tiled.schema import KINDS, Enum

from .conftest import BAD, MAPS

PROBE = """
var out = [];
var map = tiled.open(%(map)s);
for (var i = 0; i < map.layerCount; ++i) {
  var layer = map.layerAt(i);
  if (!layer.isObjectLayer) continue;
  for (var j = 0; j < layer.objects.length; ++j) {
    var o = layer.objects[j];
    out.push({type: o.type, props: o.resolvedProperties()});
  }
}
var f = new TextFile(%(out)s, TextFile.WriteOnly);
f.write(JSON.stringify(out));
try { f.commit(); } catch (e) { f.close(); }
"""


def bare_objects_map() -> str:
    """The small valid map plus one property-less rectangle of every kind."""
    text = (BAD / "valid_base.tmx").read_text().replace("../../../maps/tilesets", "tilesets")
    objects = "".join(
        f'  <object id="{20 + i}" type="{kind}" x="{64 * (i % 3) + 128}" y="{64 * (i // 3)}" '
        'width="64" height="64"/>\n'
        for i, kind in enumerate(KINDS)
    )
    return text.replace(
        ' <objectgroup id="3" name="objects">\n', f' <objectgroup id="3" name="objects">\n{objects}'
    )


def test_tiled_loads_the_project_and_resolves_the_loaders_defaults(tmp_path: Path, require_tool) -> None:
    tiled = require_tool("tiled")
    maps = tmp_path / "maps"
    subprocess.run(["cp", "-r", str(MAPS), str(maps)], check=True)
    (maps / "bare.tmx").write_text(bare_objects_map())
    home = tmp_path / "home"
    extensions = home / ".config" / "tiled" / "extensions"
    extensions.mkdir(parents=True)
    result = tmp_path / "resolved.json"
    (extensions / "probe.js").write_text(
        PROBE % {"map": json.dumps(str(maps / "bare.tmx")), "out": json.dumps(str(result))}
    )
    env = {**os.environ, "HOME": str(home), "XDG_RUNTIME_DIR": str(home), "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen(
        [tiled, "runetide.tiled-project"],
        cwd=maps,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not result.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.2)
        time.sleep(0.3)  # let the write finish
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    assert result.exists(), "Tiled did not run the probe: the project or its session did not load"
    resolved = {o["type"]: o["props"] for o in json.loads(result.read_text()) if o["type"] in KINDS}
    assert set(resolved) == set(KINDS)
    for kind in KINDS.values():
        for prop in kind.props:
            value = resolved[kind.name][prop.name]
            if isinstance(prop.type, Enum):
                assert value["typeName"] == prop.type.name
                value = prop.type.values[value["value"]]
            assert value == prop.default, (kind.name, prop.name)
