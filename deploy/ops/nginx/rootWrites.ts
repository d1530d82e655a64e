/**
 * What root changes at start in a folder another user can write (issue 51): the database's folder, which the API's
 * user owns, and the runtime config's, which it may write. A path there is that user's to swap: a link to
 * `/etc/shadow` named `poc.db` would have root hand the file over. So each file is opened without following a link
 * (`O_NOFOLLOW`), checked to be what was looked at (a plain file or folder, one name only: no hard link to another
 * file of root's), and changed through its descriptor (`fchown`, `fchmod`); a new file is made only where no name is
 * (`O_EXCL`, which refuses a dangling link too). Anything else stops the start, naming the file.
 */
import fs from 'node:fs';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

function refused(file: string, why: string): Error {
  return new Error(`${file} ${why}（可能是其他用户放的）：root 不会跟着它修改别处的文件，启动已停止；请检查并删除它`);
}

/** The file at `file` opened as itself: never through a link, never a device, a pipe or a second name of another file. */
function openOwn(file: string): number {
  const seen = fs.lstatSync(file);
  if (seen.isSymbolicLink()) throw refused(file, '是符号链接');
  if (!seen.isFile() && !seen.isDirectory()) throw refused(file, '不是普通文件或目录');
  if (seen.isFile() && seen.nlink > 1) throw refused(file, '还有其他硬链接');
  let fd: number;
  try {
    // O_NONBLOCK: a pipe swapped in after the lstat must not hang the start.
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw refused(file, '是符号链接');
    throw error;
  }
  const opened = fs.fstatSync(fd);
  if (opened.ino !== seen.ino || opened.dev !== seen.dev || (opened.isFile() && opened.nlink > 1)) {
    fs.closeSync(fd);
    throw refused(file, '在检查时被换掉了');
  }
  return fd;
}

/**
 * Gives `file` (a plain file or folder) to `uid`:`gid` (-1 keeps that one) with the mode `modeOf` makes of its
 * present one, through its descriptor: what is changed is what was checked.
 */
export function handOver(file: string, uid: number, gid: number, modeOf: (mode: number) => number): void {
  const fd = openOwn(file);
  try {
    const { mode } = fs.fstatSync(fd);
    fs.fchownSync(fd, uid, gid);
    fs.fchmodSync(fd, modeOf(mode & 0o7777));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes `content` to a new file at `file`, refusing any name already there (a file, or a link, dangling or not),
 * given to `owner` when one is named, before another user could reach it.
 */
export function writeNewFile(file: string, content: string, { mode = 0o644, owner }: { mode?: number; owner?: { uid: number; gid: number } } = {}): void {
  let fd: number;
  try {
    fd = fs.openSync(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && fs.lstatSync(file).isSymbolicLink()) throw refused(file, '是符号链接');
    throw error;
  }
  try {
    if (owner) fs.fchownSync(fd, owner.uid, owner.gid);
    fs.writeSync(fd, content);
  } finally {
    fs.closeSync(fd);
  }
}
