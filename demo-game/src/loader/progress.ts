// Combines the progress of several downloads into one 0..1 figure for onProgress.
//
// When every server answer carried a Content-Length the figure is weighted by bytes (the
// framework is bigger than the data file, and the bar should move accordingly). If one did not,
// each file counts equally and an unsized file jumps from 0 to its share when it completes.
// Until every server has answered, the total is unknown and the figure stays at 0.
// The figure never goes backwards: a compressed answer reports its compressed length while the
// stream yields more (decompressed) bytes, so each file is capped at its own total.

interface FileProgress {
  loaded: number;
  /** undefined: no answer yet; null: answered without a Content-Length. */
  total: number | null | undefined;
  done: boolean;
}

export interface ProgressTracker {
  update(index: number, loaded: number, total: number | null): void;
  complete(index: number): void;
}

export function combinedProgress(files: readonly FileProgress[]): number {
  if (files.length === 0) return 1;
  if (files.some((f) => f.total === undefined && !f.done)) return 0;
  const sized = files.every((f) => f.total !== null);
  if (sized) {
    const total = files.reduce((sum, f) => sum + (f.total ?? 0), 0);
    const loaded = files.reduce((sum, f) => sum + (f.done ? (f.total ?? 0) : Math.min(f.loaded, f.total ?? 0)), 0);
    return total > 0 ? loaded / total : 0;
  }
  const fractions = files.map((f) => (f.done ? 1 : f.total ? Math.min(f.loaded / f.total, 1) : 0));
  return fractions.reduce((a, b) => a + b, 0) / files.length;
}

export function createProgressTracker(fileCount: number, report: (progress: number) => void): ProgressTracker {
  const files: FileProgress[] = Array.from({ length: fileCount }, () => ({ loaded: 0, total: undefined, done: false }));
  let reported = -1;
  const emit = () => {
    const value = combinedProgress(files);
    if (value > reported) {
      reported = value;
      report(value);
    }
  };
  return {
    update(index, loaded, total) {
      const file = files[index];
      if (!file) return;
      file.loaded = loaded;
      file.total = total;
      emit();
    },
    complete(index) {
      const file = files[index];
      if (!file) return;
      file.done = true;
      emit();
    },
  };
}
