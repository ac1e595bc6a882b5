# BUG blocked: any three in a row on the board's text, whether or not its fourth cell is free.
def answer(p):
    grid = p.rows()
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            if grid[r][c] == ".":
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(3)]
                if all(0 <= rr < len(grid) and 0 <= cc < len(grid[0]) and grid[rr][cc] == grid[r][c]
                       for rr, cc in cells):
                    return True
    return False
