// What an uploaded file's own name says: the project's name when the file holds none.

/**
 * A project's name from a file's: its last path part without the extension, separators as spaces.
 * @example projectNameOfFile("C:\\plans\\office_move.v2.gan") // "office move.v2"
 */
export function projectNameOfFile(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const name = base
    .replace(/\.[^.]*$/, "")
    .replace(/[_]+/g, " ")
    .trim();
  return name === "" ? undefined : name;
}
