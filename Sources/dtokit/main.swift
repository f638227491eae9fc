print("dtokit: not yet implemented")
