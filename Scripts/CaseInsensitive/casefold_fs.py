#!/usr/bin/env python3
"""A case-insensitive, case-preserving file system in user space, as a Mac's default volume is.

    casefold_fs.py STORE MOUNTPOINT

Every path component is looked up ignoring case (Unicode case folding), and a new file or folder
whose name matches an existing one in all but case lands in the existing one: `git clone` then
writes `Sources/dtokit/main.swift` into `Sources/DTOKit/`, exactly as on APFS. Names are stored as
first written. Runs in the foreground until unmounted (`fusermount -u` or `umount`).

Needs FUSE (/dev/fuse) and fusepy (Debian: python3-fusepy, module `fusepy`; PyPI: fusepy, module `fuse`).
"""
import errno
import os
import sys

try:
    from fusepy import FUSE, FuseOSError, Operations  # Debian's name
except ImportError:
    from fuse import FUSE, FuseOSError, Operations  # PyPI's name


def fold(name):
    return name.casefold()


class CaseFoldedPassthrough(Operations):
    def __init__(self, store):
        self.store = store

    def real(self, path):
        """The stored path for `path`: each component as first written, if one matches ignoring case."""
        real = self.store
        for part in (p for p in path.split("/") if p):
            candidate = os.path.join(real, part)
            if not os.path.lexists(candidate):
                try:
                    match = next((n for n in os.listdir(real) if fold(n) == fold(part)), part)
                except (FileNotFoundError, NotADirectoryError):
                    match = part
                candidate = os.path.join(real, match)
            real = candidate
        return real

    def access(self, path, mode):
        if not os.access(self.real(path), mode):
            raise FuseOSError(errno.EACCES)

    def getattr(self, path, fh=None):
        st = os.lstat(self.real(path))
        keys = ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid")
        return {key: getattr(st, key) for key in keys}

    def statfs(self, path):
        st = os.statvfs(self.real(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag",
                "f_frsize", "f_namemax")
        return {key: getattr(st, key) for key in keys}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self.real(path))

    def mkdir(self, path, mode):
        real = self.real(path)
        if os.path.lexists(real):
            raise FuseOSError(errno.EEXIST)
        os.mkdir(real, mode)

    def create(self, path, mode, fi=None):
        return os.open(self.real(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)

    def open(self, path, flags):
        return os.open(self.real(path), flags)

    def read(self, path, length, offset, fh):
        return os.pread(fh, length, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        os.truncate(self.real(path), length)

    def flush(self, path, fh):
        os.fsync(fh)

    def fsync(self, path, datasync, fh):
        os.fsync(fh)

    def release(self, path, fh):
        os.close(fh)

    def chmod(self, path, mode):
        os.chmod(self.real(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self.real(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self.real(path), times)

    def readlink(self, path):
        return os.readlink(self.real(path))

    def symlink(self, name, target):
        os.symlink(target, self.real(name))

    def link(self, target, name):
        os.link(self.real(name), self.real(target))

    def rename(self, old, new):
        os.rename(self.real(old), self.real(new))

    def unlink(self, path):
        os.unlink(self.real(path))

    def rmdir(self, path):
        os.rmdir(self.real(path))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    FUSE(CaseFoldedPassthrough(sys.argv[1]), sys.argv[2], foreground=True, nothreads=True)
