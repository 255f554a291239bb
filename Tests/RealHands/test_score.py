#!/usr/bin/env python3
"""The scorer's own rules, on records and action logs written here:
`python3 Tests/RealHands/test_score.py` (.ci/run runs it)."""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402


def touches(*seq):
    """Trace events from (t, ev, id) triples on device 11."""
    return [{"t": t, "dev": 11, "ev": ev, "id": i, "x": 0, "y": 0} for t, ev, i in seq]


class TouchSequences(unittest.TestCase):
    def test_a_sequence_runs_from_first_finger_down_to_last_up(self):
        ev = touches((0.0, "touch-begin", 1), (0.1, "touch-begin", 2), (0.2, "touch-end", 1),
                     (0.3, "touch-begin", 3), (0.4, "touch-end", 2), (0.5, "touch-end", 3),
                     (1.0, "touch-begin", 4), (1.1, "touch-end", 4))
        self.assertEqual(score.touch_sequences(ev), [(0.0, 0.5, 2), (1.0, 1.1, 1)])

    def test_fingers_still_down_at_the_end_close_the_last_sequence(self):
        ev = touches((0.0, "touch-begin", 1), (0.2, "touch-update", 1))
        self.assertEqual(score.touch_sequences(ev), [(0.0, 0.2, 1)])

    def test_the_device_with_the_most_touches_is_the_recording(self):
        ev = touches((0.0, "touch-begin", 1), (0.1, "touch-end", 1), (0.2, "touch-begin", 2), (0.3, "touch-end", 2))
        ev.append({"t": 0.05, "dev": 12, "ev": "touch-begin", "id": 9, "x": 0, "y": 0})
        self.assertEqual(len(score.touch_sequences(ev)), 2)


class Items(unittest.TestCase):
    def F(self, binding, phase):
        return score.Firing(0.0, binding, phase)

    def test_steps_name_their_direction(self):
        got = score.items([self.F("magnify2", "began"), self.F("magnify2", "step-"),
                           self.F("rotate2", "began"), self.F("rotate2", "step+"), self.F("rotate2", "step-")])
        self.assertEqual(got, {"magnify2:in", "rotate2:cw", "rotate2:ccw"})

    def test_a_magnify_with_no_step_is_its_bare_name(self):
        self.assertEqual(score.items([self.F("magnify3", "began"), self.F("magnify3", "ended")]), {"magnify3"})

    def test_swipes_and_taps_by_name(self):
        self.assertEqual(score.items([self.F("swipe4-down", "began"), self.F("tap1", "ended")]),
                         {"swipe4-down", "tap1"})

    def test_allowed(self):
        self.assertTrue(score.allowed("magnify2:in", ["magnify2:in"], []))
        self.assertFalse(score.allowed("magnify2:out", ["magnify2:in"], []))
        self.assertTrue(score.allowed("magnify2", ["magnify2:in"], []))   # began, no step
        self.assertFalse(score.allowed("tap1", [], ["tap2"]))


class Attribution(unittest.TestCase):
    def test_by_the_last_sequence_started(self):
        fs = [score.Firing(t, "tap1", "ended") for t in (0.05, 0.6, 1.7)]
        score.attribute_by_time(fs, [0.0, 0.5, 1.0])
        self.assertEqual([f.seq for f in fs], [0, 1, 2])

    def test_live_firings_match_replayed_ones_in_order_per_binding_and_phase(self):
        replayed = [score.Firing(1.0, "rotate2", "step-"), score.Firing(1.2, "magnify2", "step+"),
                    score.Firing(1.5, "rotate2", "step-")]
        # Live: the shells ran 0.3-0.6 s late, and out of order across bindings.
        live = [score.Firing(1.45, "magnify2", "step+"), score.Firing(1.3, "rotate2", "step-"),
                score.Firing(2.1, "rotate2", "step-"), score.Firing(2.2, "tap1", "ended")]
        live.sort(key=lambda f: f.t)
        pairs = score.match(live, replayed)
        self.assertEqual([(l.t, r.t) for l, r in pairs], [(1.3, 1.0), (1.45, 1.2), (2.1, 1.5)])

    def test_firings_left_over_pair_by_order_and_a_live_only_one_stays(self):
        replayed = [score.Firing(1.0, "rotate3", "began"), score.Firing(1.1, "rotate3", "step+")]
        live = [score.Firing(1.2, "rotate3", "step+"), score.Firing(3.5, "rotate3", "began"),
                score.Firing(3.6, "rotate3", "began")]
        pairs = score.match(live, replayed)
        self.assertEqual([(l.t, r.t) for l, r in pairs], [(1.2, 1.1)])
        left = score.match_left_over(live, replayed, pairs)
        self.assertEqual([(l.t, r.t) for l, r in left], [(3.5, 1.0)])

    def test_a_live_firing_earlier_than_its_replayed_one_is_not_it(self):
        pairs = score.match([score.Firing(0.5, "tap1", "ended")], [score.Firing(1.0, "tap1", "ended")])
        self.assertEqual(pairs, [])


class Variants(unittest.TestCase):
    """The invariance harness's classes beside the live ones (--variants)."""

    CLASSES = [
        {"class": "swipe 4", "kind": "swipe", "fingers": 4, "negative": False, "source": "real hands",
         "variants": 374, "must": 374, "kept": 373, "recall": 99.7, "false": 20,
         "worst": "ts22 #4, ×0.5 speed: fired swipe3-down"},
        {"class": "negative", "kind": "negative", "fingers": 0, "negative": True, "source": "real hands",
         "variants": 1531, "must": 0, "kept": 0, "recall": None, "false": 0, "worst": None},
        {"class": "issue 63 ×2 (126 px)", "kind": "swipe", "fingers": 3, "negative": False, "source": "issue 63",
         "variants": 69, "must": 69, "kept": 69, "recall": 100, "false": 0, "worst": None},
    ]

    @staticmethod
    def result(kind, rows):
        r = score.Result({"name": "r", "kind_by_props": kind})
        for kind_, fingers, must, live_ok, live_false in rows:
            negative = not must
            x = {"items": [], "must_ok": live_ok, "false": live_false}
            r.rows.append({"kind": kind_, "fingers": fingers, "must": must, "may": [], "negative": negative,
                           "live": x, "replay": x})
        return r

    def results(self):
        return [
            self.result("touchscreen", [("swipe", 4, ["swipe4-down"], True, []),
                                        ("swipe", 4, ["swipe4-up"], False, ["swipe3-up"]),
                                        ("stroke", 1, [], True, ["tap1"]), ("multi", 10, [], True, [])]),
            # A touchpad's sequences are not the harness's.
            self.result("touchpad", [("swipe", 4, ["swipe4-down"], False, []), ("scroll", 2, [], True, ["tap2"])]),
        ]

    def test_each_class_beside_the_same_hands_live(self):
        text = score.variants_table(self.CLASSES, self.results(), "live")
        lines = text.splitlines()
        self.assertIn("| class | variants | must-fire kept | false triggers | live: recognized | live: false | worst variant |", lines)
        self.assertIn("| swipe 4 | 374 | 373/374 (99.7 %) | 20 | 1/2 | 1 | ts22 #4, ×0.5 speed: fired swipe3-down |", lines)
        self.assertIn("| negative | 1531 | — | 0 | — | 1 | — |", lines)
        # Built hands have no live figures.
        self.assertIn("| issue 63 ×2 (126 px) | 69 | 69/69 (100.0 %) | 0 | — | — | — |", lines)

    def test_replay_when_there_is_no_live(self):
        self.assertIn("replay: recognized", score.variants_table(self.CLASSES, self.results(), "replay"))

    def test_the_report_file_is_read_and_a_malformed_one_refused(self):
        with tempfile.TemporaryDirectory() as d:
            good, bad = os.path.join(d, "good.json"), os.path.join(d, "bad.json")
            with open(good, "w") as f:
                json.dump(self.CLASSES, f)
            with open(bad, "w") as f:
                json.dump([{"class": "swipe 4"}], f)
            self.assertEqual(score.read_variants(good), self.CLASSES)
            with self.assertRaises(ValueError):
                score.read_variants(bad)


if __name__ == "__main__":
    unittest.main()
