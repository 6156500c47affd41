storyletengine simulate examples/cookbook/simulate --runs 50 --steps 20 --seed cookbook
