// Short sounds made in code (the Web Audio API's oscillators; nothing is downloaded):
// a knock for a move, a ripple of clicks for a capture, a two-note chime when it
// becomes your turn and a rising arpeggio at the end, the same cues as the window's
// (client/gui/sound.py). A mute switch is remembered in the browser's storage.
//
// Browsers let a page make sound only after a person's tap or key press, so the audio
// is started by the first such gesture, never before; where the browser has no audio
// or refuses it, playing is silently nothing.

const MUTED_KEY = "taikyoku.muted";
const PEAK = 0.25; // each note's loudest, summed over its partials
const KNOCK = [[1, 1], [2.76, 0.5], [5.4, 0.25]]; // a wood block: (frequency ratio, amplitude)
const BELL = [[1, 1], [2, 0.35], [3, 0.12]];
/** Each cue's notes: [start s, frequency Hz, length s, decay time constant s, partials]. */
const SCORES = {
  move: [[0, 520, 0.09, 0.018, KNOCK]],
  capture: [[0, 420, 0.09, 0.018, KNOCK], [0.045, 880, 0.06, 0.012, KNOCK],
    [0.085, 1040, 0.06, 0.012, KNOCK]],
  // after a short rest, so that with a capture it follows the clicks
  "your_turn": [[0.14, 659.26, 0.25, 0.08, BELL], [0.26, 880, 0.4, 0.12, BELL]],
  end: [[0, 523.25, 0.5, 0.2, BELL], [0.12, 659.26, 0.5, 0.2, BELL],
    [0.24, 783.99, 0.6, 0.25, BELL], [0.36, 1046.5, 0.9, 0.35, BELL]],
};

/**
 * What to play when `after` replaces `before` (null: the first state of a match on
 * screen); `seat` is ours, null when watching. The window's rules: a move knocks, or
 * ripples when it turned discs; it becoming our turn chimes; the end plays the end.
 */
export function cues(before, after, seat) {
  if (before !== null && before.match !== after.match) before = null;
  const played = [];
  if (before !== null && after.ply > before.ply && before.board.length === after.board.length) {
    const turned = [...after.board].some((b, i) => {
      const a = before.board[i];
      return a !== "." && b !== "." && a !== b;
    });
    played.push(turned ? "capture" : "move");
  }
  const ours = seat !== null && after.status === "playing" && after.to_move === seat;
  if (ours && (before === null || before.status !== "playing" || before.to_move !== seat ||
      after.ply > before.ply)) {
    played.push("your_turn");
  }
  if (after.status === "over" && before !== null && before.status !== "over") played.push("end");
  return played;
}

export class Sounds {
  /** `storage` remembers the mute (a BrowserStore). */
  constructor(storage) {
    this.storage = storage;
    this.muted = storage.get(MUTED_KEY) === "1";
    this.context = null; // made by the first gesture
    const unlock = () => this.unlock();
    for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, true);
  }

  setMuted(muted) {
    this.muted = muted;
    this.storage.set(MUTED_KEY, muted ? "1" : "0");
    if (!muted) this.unlock();
  }

  /** Start (or wake) the audio; only ever called from a person's gesture. */
  unlock() {
    if (this.muted) return;
    try {
      if (this.context === null) {
        const Context = window.AudioContext || window.webkitAudioContext;
        if (!Context) return;
        this.context = new Context();
      }
      if (this.context.state === "suspended") this.context.resume().catch(() => {});
    } catch (err) {
      this.context = null; // no audio here: the page stays silent
    }
  }

  /** Play the cues of `cues(...)`, at once and together; nothing when muted or silent. */
  play(names) {
    const ctx = this.context;
    if (this.muted || ctx === null || ctx.state !== "running" || names.length === 0) return;
    try {
      const now = ctx.currentTime + 0.01;
      for (const name of names) for (const note of SCORES[name]) this.note(ctx, now, ...note);
    } catch (err) {
      // a browser refusing a sound is no reason to disturb the game
    }
  }

  note(ctx, at, start, frequency, length, decay, partials) {
    const t0 = at + start;
    const total = partials.reduce((sum, [, amp]) => sum + amp, 0);
    for (const [ratio, amp] of partials) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency * ratio;
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime((PEAK * amp) / total, t0 + 0.002);
      gain.gain.setTargetAtTime(0, t0 + 0.002, decay);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + length);
    }
  }
}
