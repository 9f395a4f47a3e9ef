/* replay.c - runs a fuzz target's LLVMFuzzerTestOneInput on files, without
 * libFuzzer: make check replays the committed regression inputs and seed
 * corpus this way with the ordinary compiler (and under ASan/UBSan in
 * tests/sanitizers.sh), so every crash ever found stays fixed.
 * usage: replay-TARGET FILE...   (directories: every file in them) */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n > 0 ? (size_t)n : 1);
    if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
        fclose(f);
        free(buf);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n > 0 ? (size_t)n : 0);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int i, count = 0;
    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            char path[4096];
            while (d && (e = readdir(d))) {
                if (e->d_name[0] == '.')
                    continue;
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                if (run_file(path) == 0)
                    count++;
            }
            if (d)
                closedir(d);
        } else if (run_file(argv[i]) == 0) {
            count++;
        }
    }
    printf("%d input(s) replayed without a crash\n", count);
    return 0;
}
