"""Multiclass cases in the shape of mlscorecheck's own test suite (its generators, more seeds):
the six protocols, consistent and with acc moved to (1 + spec) / 2; JSON Lines on stdout."""
import json, sys
from mlscorecheck.individual import generate_multiclass_dataset, sample_multiclass_dataset
from mlscorecheck.scores import calculate_multiclass_scores
from mlscorecheck.aggregated import generate_dataset_folding_multiclass

def num(v):
    if hasattr(v, "item"):
        v = v.item()
    return v

def clean(d):
    return {str(k): num(v) for k, v in d.items()}

seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 35
for seed in range(seeds):
    for average in ("micro", "macro"):
        for moved in (False, True):
            dataset = generate_multiclass_dataset(random_state=seed)
            confm = sample_multiclass_dataset(dataset=dataset, random_state=seed)
            scores = calculate_multiclass_scores(confm, average=average,
                additional_symbols={"beta_positive": 2, "beta_negative": 2}, rounding_decimals=4)
            scores = dict(scores)
            if moved:
                scores["acc"] = (1.0 + scores["spec"]) / 2.0
            scores = {k: v for k, v in scores.items() if v is not None and v == v}
            scores["beta_positive"] = 2; scores["beta_negative"] = 2
            print(json.dumps({"id": f"testset_{average}_{seed}_{moved}", "check": f"1_testset_no_kfold_{average}",
                "testset": clean(dataset), "scores": clean(scores), "eps": 1e-4}, default=num))
            for aggregation in ("som", "mos"):
                kw = dict(random_state=seed, average=average, aggregation=aggregation, rounding_decimals=4)
                if not moved and aggregation == "mos" and average == "macro":
                    kw["max_class_size"] = 100
                dataset, folding, scores = generate_dataset_folding_multiclass(**kw)
                scores = dict(scores)
                if moved:
                    scores["acc"] = (1.0 + scores["spec"]) / 2.0
                # The generator scores fbp and fbn with beta 1 (its default); NaN scores out.
                scores = {k: v for k, v in scores.items() if v == v}
                if "fbp" in scores or "fbn" in scores:
                    scores["beta_positive"] = 1; scores["beta_negative"] = 1
                print(json.dumps({"id": f"{aggregation}_{average}_{seed}_{moved}", "check": f"1_dataset_known_folds_{aggregation}_{average}",
                    "dataset": clean(dataset), "folding": clean(folding), "scores": clean(scores), "eps": 1e-4}, default=num))
