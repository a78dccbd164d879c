// The doorway check's defaults, apart from the check itself: the CLI's help shows them without loading it.

/**
 * The default threshold of `clinic-gen check`: a city fails when more than this share of what its
 * pages say of their own is on its closest sibling's site too. Set from real cases (docs/commands.md
 * and decision 004 give the figures): Tampa copied into "Clearwater" with only the name, address
 * and phone changed scores 1.00 against Tampa; the three sample cities score at most 0.01 against
 * their closest sibling. 0.5 sits far from both: a city half of whose own text is another's has
 * not been written for its place, and a clinic that shares a provider or a few areas served with a
 * neighbouring city stays well under it.
 */
export const DEFAULT_THRESHOLD = 0.5;

/**
 * Fewer words of its own than this and a city lacks local content, whatever its score: a page
 * that says nothing of its own is not distinct because nothing it says is another city's. The
 * samples have 137 to 221; a city with no local content has 0, a city with a two-sentence
 * description and nothing else about 30 (a text shown in several places counts a few runs more
 * than its words where it meets the template). Forty words is a short paragraph: the least that says
 * something of a place.
 */
export const MIN_LOCAL_WORDS = 40;
