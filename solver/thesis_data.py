"""Number lists transcribed from the thesis, with their source.

Source: A. Preston, *Epstein's Put or Take a Square Game*, undergraduate
thesis, Brunel University London, 2019 (numbers read from the text extracted
from its PDF):

* Appendix A, "List of all numbers under 10,000 for the first 6 layers",
  computed by the thesis's 'layer' program with N = 10,000, alpha = 100 (so a
  bound of 10**6) and six iterations (section 3.4).  Layers 2, 4 and 6 are
  transcribed below exactly as printed.  Layer 3 is deliberately NOT
  transcribed: its extracted text is damaged (a gap between 1894 and 2324,
  numbers joined by '.' and run together such as "60746089" and "81668484";
  see docs/mathematics.md section 4).  Layers 1 (the squares) and 5 need no list.
* Appendix B, "Drawing positions for numbers from 1 to 100 that would result
  in a draw within the first 10 moves" (despite the title the list runs to
  997).  This is the thesis's heuristic notion of a draw -- positions not
  settled within a fixed number of moves -- which is looser than (and not
  comparable with) the project's *certified* draws (docs/mathematics.md section 3).

Relation of Appendix B to the sound analysis, as checked against the
brute-force references in ``tests/naive.py`` at bound 10**6 (both
``naive_solve`` and ``naive_queue_solve``) and asserted in
``tests/test_retrograde.py`` (:mod:`solver.thesis` sets these lists beside
the sound classification in the dashboard):

* of its 159 numbers, 14 are certified draws, 16 are L (e.g. 29, 101, 116,
  135, which the thesis itself lists in Appendix A layer 4, and 173 with
  remoteness 10), 2 are W (436 and 601, remoteness 7) and 127 are U;
* conversely, certified draws below 100 are missing from it: 7, 12, 27, 47,
  48, 56, 72, 83, 93 (7 is a draw by hand: 7 -> 3 or 11, 2 <-> 3, and 1, 4,
  11 are wins for the mover).

So neither list contains the other.
"""

#: Appendix A, layer 2 below 10,000 (L positions with remoteness 2).
LAYER_2 = [
    5, 20, 45, 80, 145, 580, 949, 1305, 1649, 2320, 3625, 4901, 5220, 7105, 9280,
]

#: Appendix A, layer 4 below 10,000 (L positions with remoteness 4).
LAYER_4 = [
    29, 101, 116, 135, 165, 236, 404, 445, 540, 565, 585, 845, 885, 909, 944,
    954, 975, 1125, 1310, 1350, 1380, 1445, 1616, 1654, 1669, 2325, 2340, 2405,
    2541, 2586, 2705, 3079, 3150, 3185, 3365, 3380, 3405, 3601, 3630, 3705,
    4239, 4921, 4981, 5225, 5265, 5485, 6414, 6449, 7110, 7125, 7255, 7580,
    7605, 7975, 8109, 8775, 9285, 9360,
]

#: Appendix A, layer 6 below 10,000 (L positions with remoteness 6).
LAYER_6 = [
    257, 397, 629, 836, 1177, 1440, 1818, 1833, 1901, 1937, 1988, 2210, 2263,
    2280, 2501, 2516, 2612, 2845, 2861, 3039, 3188, 3389, 3621, 3654, 3860,
    4053, 4105, 4541, 4693, 4708, 4813, 4930, 5381, 5415, 5746, 5917, 5981,
    6245, 6452, 6570, 7410, 7517, 7640, 7695, 7748, 8090, 8130, 8164, 8365,
    8465, 8516, 9066, 9096, 9300, 9461, 9495, 9605,
]

#: Appendix A layers that survived extraction intact, keyed by layer number.
APPENDIX_A_LAYERS = {2: LAYER_2, 4: LAYER_4, 6: LAYER_6}

#: Appendix B: the thesis's heuristic "drawing positions" (a looser notion
#: than certified draws; see the module docstring for the true relation).
APPENDIX_B_DRAWS = [
    2, 3, 8, 10, 13, 17, 26, 29, 34, 37, 40, 50, 51, 53, 58, 65, 68, 73, 82,
    85, 88, 90, 97, 101, 104, 109, 116, 122, 125, 130, 135, 137, 148, 153, 160,
    170, 173, 178, 185, 192, 194, 197, 200, 204, 205, 212, 221, 226, 229, 234,
    241, 250, 257, 260, 265, 272, 273, 281, 290, 293, 298, 305, 314, 325, 328,
    333, 340, 349, 352, 360, 362, 365, 368, 370, 377, 386, 397, 401, 404, 409,
    416, 425, 436, 442, 445, 450, 457, 459, 466, 477, 485, 488, 493, 500, 509,
    520, 530, 533, 538, 545, 554, 560, 565, 577, 585, 592, 601, 612, 626, 629,
    634, 641, 650, 661, 671, 674, 677, 680, 685, 692, 693, 701, 712, 725, 730,
    733, 738, 745, 754, 765, 778, 785, 788, 793, 800, 809, 816, 820, 833, 842,
    845, 850, 857, 866, 877, 890, 901, 904, 909, 916, 925, 936, 962, 965, 970,
    975, 977, 986, 997,
]

#: The N, alpha and bound of the thesis's Appendix A run (section 3.4).
#: Table 2 (section 4.1): primitive elements of layer 2 and the numbers each
#: generates (i**2 * P) up to 50,000, as printed.  The row for 145 skips
#: 145 * 9**2 = 11,745 (see :mod:`solver.thesis`).
TABLE_2 = {
    5: [20, 45, 80],
    145: [
        580, 1305, 2320, 3625, 5220, 7105, 9280, 14500, 17545, 20880,
        24505, 28420, 32625, 37120, 41905, 46980,
    ],
    949: [],
    1649: [],
    4901: [19604, 44109],
    31025: [],
}
TABLE_2_LIMIT = 50_000

THESIS_N = 10_000
THESIS_ALPHA = 100
THESIS_BOUND = THESIS_N * THESIS_ALPHA
