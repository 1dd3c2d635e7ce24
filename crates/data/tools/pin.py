#!/usr/bin/env python3
"""Write tests/pins.json: totals computed by the reference mlscorecheck 1.0.3 itself
(its loaders and bundle helpers), which tests/reference_pins.rs compares with ours.

    /work/refvenv/bin/python crates/data/tools/pin.py [--repo PATH]

The DIARETDB1 "all" figures are computed by the reference's own helper after putting the
intact histograms (from release v1.0.1) into its experiment cache,
because the shipped ones are defective (see PROVENANCE.md); the shipped, defective totals
are pinned too, to document the difference.
"""

import argparse
import json
import os
import subprocess

from mlscorecheck.experiments import dataset_statistics, get_experiment
from mlscorecheck.experiments import _load_experiments as loader
from mlscorecheck.check.bundles.retina._diaretdb0 import _prepare_configuration_diaretdb0
from mlscorecheck.check.bundles.retina._diaretdb1 import _prepare_configuration_diaretdb1
from mlscorecheck.check.bundles.retina._drishti_gs import _prepare_testsets_drishti_gs
from mlscorecheck.check.bundles.skinlesion._isic2017 import _prepare_testset_isic2017

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "tests", "pins.json")
CONFIDENCES = [[1, 2], [3, 4], [1, 10]]


def totals(images):
    return {"count": len(images), "p": sum(i["p"] for i in images), "n": sum(i["n"] for i in images),
            "first": images[0]["identifier"] if images else None}


def diaretdb1_pins(classes_list):
    out = {}
    for subset in ["train", "test"]:
        for classes in classes_list:
            for assumption in ["fov", "all"]:
                for num, den in CONFIDENCES:
                    sets = _prepare_configuration_diaretdb1(
                        subset=subset, class_name=classes, pixel_level=True,
                        assumption=assumption, confidence=num / den)
                    image_level = _prepare_configuration_diaretdb1(
                        subset=subset, class_name=classes, pixel_level=False,
                        assumption=assumption, confidence=num / den)
                    # 1.0.3 returns the dict, later commits wrap it in a list.
                    image_level = image_level[0] if isinstance(image_level, list) else image_level
                    key = f"{subset}|{'+'.join(classes)}|{assumption}|{num}/{den}"
                    out[key] = {"p": sum(s["p"] for s in sets), "n": sum(s["n"] for s in sets),
                                "image_p": int(image_level["p"]), "image_n": int(image_level["n"])}
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", default="/work/.mirror/FalseNegativeLab+mlscorecheck/repo")
    args = parser.parse_args()
    pins = {}
    pins["datasets"] = [[name, v["p"], v["n"]] for name, v in dataset_statistics.items()]

    drive = get_experiment("retina.drive")
    pins["drive"] = {f"{a}|{s}|{sub}": totals(drive[(a, s)][sub]["images"])
                     for a in [1, 2] for s in ["fov", "all"] for sub in ["train", "test"]}
    stare = get_experiment("retina.stare")
    pins["stare"] = {a: totals(stare[a]["images"]) for a in ["ah", "vk"]}
    chase = get_experiment("retina.chase_db1")
    pins["chase_db1"] = {a: totals(chase[a]["images"]) for a in ["manual1", "manual2"]}
    hrf = get_experiment("retina.hrf")
    pins["hrf"] = {s: totals(hrf[s]["images"]) for s in ["fov", "all"]}

    d0 = {}
    for subset in ["train", "test"]:
        for cls in ["neovascularisation", "hardexudates", "softexudates", "hemorrhages", "redsmalldots"]:
            for tset in _prepare_configuration_diaretdb0(subset, "all", cls):
                d0[f"{subset}|{tset['identifier']}|{cls}"] = [tset.get("p", 0), tset.get("n", 0)]
    pins["diaretdb0"] = d0

    classes_list = [["hardexudates"], ["softexudates"], ["hemorrhages"], ["redsmalldots"],
                    ["hardexudates", "softexudates"], ["hemorrhages", "redsmalldots"],
                    ["hardexudates", "softexudates", "hemorrhages", "redsmalldots"]]
    pins["diaretdb1_shipped"] = diaretdb1_pins(classes_list)
    intact = json.loads(subprocess.run(
        ["git", "-C", args.repo, "show",
         "v1.0.1:mlscorecheck/experiments/retina/diaretdb1/diaretdb1.json"],
        check=True, capture_output=True, text=True).stdout)
    loader.experiments["retina.diaretdb1"] = intact
    pins["diaretdb1_intact"] = diaretdb1_pins(classes_list)

    drishti = {}
    for subset in ["train", "test"]:
        for target in ["OD", "OC"]:
            for num, den in CONFIDENCES:
                sets = _prepare_testsets_drishti_gs(subset=subset, target=target, confidence=num / den)
                drishti[f"{subset}|{target}|{num}/{den}"] = [len(sets), sum(s["p"] for s in sets),
                                                             sum(s["n"] for s in sets)]
    pins["drishti_gs"] = drishti

    pins["tpehg"] = [get_experiment("ehg.tpehg")["p"], get_experiment("ehg.tpehg")["n"]]
    pins["isic2016"] = [get_experiment("skinlesion.isic2016")["p"], get_experiment("skinlesion.isic2016")["n"]]
    pins["isic2017"] = {f"{'+'.join(t)}|{'+'.join(a) if a else '-'}": [s["p"], s["n"]]
                        for t, a in [(["M"], None), (["SK"], None), (["N"], None), (["M", "SK"], None),
                                     (["M"], ["N"]), (["SK"], ["N"])]
                        for s in [_prepare_testset_isic2017(t, a or [c for c in ["M", "SK", "N"] if c not in t])]}
    with open(OUT, "w", encoding="utf-8") as handle:
        json.dump(pins, handle, indent=0, sort_keys=True)
        handle.write("\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
