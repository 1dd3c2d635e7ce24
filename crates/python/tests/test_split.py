"""An unknown-folds check split into ranges of fold configurations, answered range by range
(and on a Dask cluster where dask[distributed] is installed), gives the whole check's verdict."""

import pytest

import scorecheck

CASES = [
    # consistent (the stratified folds or a later configuration fit)
    {"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 20, "n": 30},
     "folding": {"n_folds": 3}, "scores": {"acc": 0.61, "sens": 0.4, "spec": 0.7}, "eps": 0.01},
    # inconsistent: the README's TPEHG-sized example with a typo
    {"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
     "folding": {"n_folds": 5}, "scores": {"acc": 0.8, "sens": 0.95, "spec": 0.5}, "eps": 0.001},
]


def answer_range(request, part):
    return scorecheck.check({**request, "configurations": part})


@pytest.mark.parametrize("request_", CASES)
@pytest.mark.parametrize("parts", [1, 3, 7])
def test_split_ranges_merge_to_the_whole_verdict(request_, parts):
    whole = scorecheck.check(request_)["verdict"]
    ranges = scorecheck.split_configurations(request_, parts)
    assert ranges[0]["start"] == "0"
    assert all(a["end"] == b["start"] for a, b in zip(ranges, ranges[1:]))
    total = scorecheck.check({**request_, "max_configurations": 1})["configurations_total"]
    assert int(ranges[-1]["end"]) == int(total)
    verdicts = [answer_range(request_, part)["verdict"] for part in ranges]
    assert scorecheck.merge_verdicts(verdicts) == whole


def test_split_names_its_bad_arguments():
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.split_configurations(CASES[0], 0)
    assert error.value.field == "parts"
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.split_configurations({"check": "1_testset_no_kfold"}, 2)
    assert error.value.field == "check"


def test_split_on_a_dask_cluster_stops_once_a_range_fits():
    distributed = pytest.importorskip("dask.distributed")
    request_ = CASES[0]
    ranges = scorecheck.split_configurations(request_, 4)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, \
            distributed.Client(cluster) as client:
        futures = [client.submit(answer_range, request_, part, pure=False) for part in ranges]
        verdicts = []
        for future in distributed.as_completed(futures):
            verdicts.append(future.result()["verdict"])
            if verdicts[-1] == "consistent":
                # No more ranges are needed: cancel the rest.
                client.cancel(futures)
                break
    assert scorecheck.merge_verdicts(verdicts) == scorecheck.check(request_)["verdict"]


def test_merge_verdicts_takes_results_and_refuses_what_is_no_verdict():
    assert scorecheck.merge_verdicts([{"verdict": "inconsistent"}, "consistent"]) == "consistent"
    assert scorecheck.merge_verdicts(["inconsistent", {"verdict": "inconsistent"}]) == "inconsistent"
    for bad in (["inconsistent", "bogus"], ["Consistent"]):
        with pytest.raises(ValueError, match=r"verdicts\[\d\]"):
            scorecheck.merge_verdicts(bad)
    for bad in ("consistent", [3]):
        with pytest.raises(TypeError):
            scorecheck.merge_verdicts(bad)


def test_merged_results_must_cover_every_configuration_to_be_inconsistent():
    request_ = CASES[1]
    ranges = scorecheck.split_configurations(request_, 6)
    results = [answer_range(request_, part) for part in ranges]
    assert all(r["verdict"] == "inconsistent" for r in results)
    assert scorecheck.merge_verdicts(results) == "inconsistent"
    # A lost range (or one range given twice instead) leaves configurations unrefuted.
    assert scorecheck.merge_verdicts(results[:-1]) == "undecided"
    assert scorecheck.merge_verdicts(results[:1] * 6) == "undecided"
    assert scorecheck.merge_verdicts(list(reversed(results))) == "inconsistent"
    other = dict(request_, dataset={"p": 39, "n": 262})
    stranger = answer_range(other, scorecheck.split_configurations(other, 2)[0])
    with pytest.raises(ValueError, match=r"verdicts\[6\].*another request"):
        scorecheck.merge_verdicts(results + [stranger])


def test_a_range_that_is_no_range_of_the_request_is_refused():
    # A forged or mistyped range must not cover the request's configurations.
    item = lambda start, end: {"verdict": "inconsistent", "configurations_total": "60",
                               "configurations_range": {"start": str(start), "end": str(end)}}
    with pytest.raises(ValueError, match="runs past the 60 configurations"):
        scorecheck.merge_verdicts([item(0, 10**24)])
    with pytest.raises(ValueError, match="is no range"):
        scorecheck.merge_verdicts([item(5, 2)])
    assert scorecheck.merge_verdicts([item(0, 30), item(30, 60)]) == "inconsistent"
    assert scorecheck.merge_verdicts([item(0, 30)]) == "undecided"
