def find_icon_blobs(image): return []
